/**
 * What the Listings and Settings browser tests set up through the public API, as the extension
 * and the site do: conversions (POST /listings/convert, the extension's Convert) and the agent
 * profile (PATCH /users/me, the site's Settings).
 */
import type { ListingPermissionBasis } from '../../api/listing-permission.ts'
import type { ListingSource } from '../../api/listing-sources.ts'
import type { AgentProfileInput } from '../../api/schemas/agent-profile.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { RunningServer } from '../support/server.ts'

async function api<T>(
  server: RunningServer,
  method: 'GET' | 'POST' | 'PATCH',
  route: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.api}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`)
  return (JSON.parse(text) as { data: T }).data
}

/** Each source's listing page and photo URLs, as its extractor reports them. */
const SOURCE_URLS: Record<ListingSource, { page: (id: string) => string; photo: string }> = {
  zillow: {
    page: (id) => `https://www.zillow.com/homedetails/${id}_zpid/`,
    photo: 'https://photos.zillowstatic.com/fp/',
  },
  realtor: {
    page: (id) => `https://www.realtor.com/realestateandhomes-detail/M${id}`,
    photo: 'https://ap.rdcpix.com/',
  },
  redfin: {
    page: (id) => `https://www.redfin.com/TX/Austin/home/${id}`,
    photo: 'https://ssl.cdn-redfin.com/photo/',
  },
}

export interface SeedListing {
  source: ListingSource
  source_id: string
  street: string
  city?: string
  price: number | null
  rent?: boolean
  bedrooms?: number | null
  bathrooms?: number | null
  sqft?: number | null
  /** How many photos the listing has (0: none). */
  photos?: number
  agent?: string
  brokerage?: string
}

/** A normalized listing as an extractor builds it from a listing page. */
export function normalized(seed: SeedListing): NormalizedListing {
  const urls = SOURCE_URLS[seed.source]
  return {
    source: seed.source,
    source_id: seed.source_id,
    url: urls.page(seed.source_id),
    address: { street: seed.street, city: seed.city ?? 'Austin', state: 'TX', zip: '78704' },
    price: seed.price,
    listing_status: seed.rent ? 'for_rent' : 'for_sale',
    home_type: 'single_family',
    bedrooms: seed.bedrooms === undefined ? 3 : seed.bedrooms,
    bathrooms: seed.bathrooms === undefined ? 2 : seed.bathrooms,
    living_area_sqft: seed.sqft === undefined ? 1650 : seed.sqft,
    lot_size_sqft: null,
    year_built: 1998,
    description: `A bright home on ${seed.street}.`,
    photos: Array.from(
      { length: seed.photos ?? 3 },
      (_, i) => `${urls.photo}${seed.source_id}-${i + 1}-cc_ft_1536.jpg`,
    ),
    facts: { heating: [], cooling: [], laundry: null, parking: [] },
    listing_agent: { name: seed.agent ?? 'Dana Broker' },
    broker: { name: seed.brokerage ?? 'Hill Country Homes' },
    date_available: null,
    sold_date: null,
  }
}

/** POST /listings/convert, as the popup's Convert sends it. */
export async function convertListing(
  server: RunningServer,
  token: string,
  seed: SeedListing,
  basis: ListingPermissionBasis = 'broker_permission',
): Promise<{ listing_id: string; metered: boolean }> {
  return api(server, 'POST', '/listings/convert', token, {
    listing: normalized(seed),
    permission: { basis },
  })
}

/** PATCH /users/me { agent_profile }, as Settings saves it. */
export async function saveAgentProfile(
  server: RunningServer,
  token: string,
  profile: AgentProfileInput,
): Promise<void> {
  await api(server, 'PATCH', '/users/me', token, { agent_profile: profile })
}

export interface MeAnswer {
  full_name: string
  email: string
  phone: string
  pending_email: string | null
  agent_profile: {
    listing_name: string
    license_number: string | null
    license_state: string | null
    brokerage: string
  } | null
}

/** GET /users/me with the token. */
export async function me(server: RunningServer, token: string): Promise<MeAnswer> {
  return api(server, 'GET', '/users/me', token)
}

/** POST /auth/login's status for the credentials (200 signed in, 401 refused). */
export async function loginStatus(
  server: RunningServer,
  email: string,
  password: string,
): Promise<number> {
  const res = await fetch(`${server.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  return res.status
}
