import { z } from 'zod'
import { isListingPhotoUrl, LISTING_SOURCES } from '../listing-sources.ts'

export { LISTING_SOURCES, type ListingSource } from '../listing-sources.ts'

/**
 * The normalized listing (docs/architecture.md#conversion-path): what the extension extracts from a
 * listing page and sends to `POST /listings/convert`. One shape for every source, so the server
 * maps a listing to a Marketplace draft without knowing where it came from.
 *
 * Absent facts are `null`, never guessed. Strings arrive trimmed; the limits below are what the
 * extractor truncates to, so a well-behaved extension never trips them and anything beyond them is
 * not ours.
 */

export const LISTING_LIMITS = {
  streetMaxLength: 200,
  cityMaxLength: 100,
  nameMaxLength: 200,
  phoneMaxLength: 40,
  descriptionMaxLength: 20_000,
  urlMaxLength: 2048,
  maxPhotos: 50,
  factMaxLength: 200,
  maxFactsPerList: 30,
  laundryMaxLength: 500,
} as const

/**
 * `for_sale` and `for_rent` are what Marketplace can advertise. The others say what the page
 * showed, so the server can refuse or ask instead of posting a sold home as for sale; `unknown`
 * when the page did not say (pages with only JSON-LD and meta tags may not).
 */
export const LISTING_STATUSES = [
  'for_sale',
  'for_rent',
  'pending',
  'coming_soon',
  'sold',
  'off_market',
  'unknown',
] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

export const HOME_TYPES = [
  'single_family',
  'condo',
  'townhouse',
  'multi_family',
  'apartment',
  'manufactured',
  'lot',
  'other',
] as const
export type HomeType = (typeof HOME_TYPES)[number]

/**
 * A calendar day, `YYYY-MM-DD`, that exists: "2026-02-30" would pass a plain pattern and then
 * break the date formatting that names a sold date (a 500 the route fuzz test found).
 */
const isoDate = z.iso.date({ error: 'Dates must be real days, YYYY-MM-DD' })

const httpsUrl = z.url({ protocol: /^https$/ }).max(LISTING_LIMITS.urlMaxLength)

const shortText = (max: number) => z.string().trim().min(1).max(max)

const factList = z
  .array(shortText(LISTING_LIMITS.factMaxLength))
  .max(LISTING_LIMITS.maxFactsPerList)

const contact = z.strictObject({
  name: shortText(LISTING_LIMITS.nameMaxLength),
  phone: shortText(LISTING_LIMITS.phoneMaxLength).optional(),
})
export type ListingContact = z.infer<typeof contact>

export const listingAddress = z.strictObject({
  street: shortText(LISTING_LIMITS.streetMaxLength),
  city: shortText(LISTING_LIMITS.cityMaxLength),
  /** USPS two-letter code. */
  state: z.string().regex(/^[A-Z]{2}$/, 'State must be a two-letter code'),
  /** Five digits or ZIP+4; `null` when the page does not carry it (some old pages). */
  zip: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits or ZIP+4')
    .nullable(),
})

export const listingFacts = z.strictObject({
  heating: factList,
  cooling: factList,
  laundry: shortText(LISTING_LIMITS.laundryMaxLength).nullable(),
  parking: factList,
})

export const normalizedListing = z
  .strictObject({
    source: z.enum(LISTING_SOURCES),
    /** The source's own id of the home (Zillow: zpid; Realtor.com: property id; Redfin: home id), digits only. */
    source_id: z.string().regex(/^\d{1,20}$/, 'Listing id must be digits'),
    /** The listing page, without query or fragment. */
    url: httpsUrl,
    address: listingAddress,
    /** Whole dollars as the page shows them: asking price, monthly rent (`for_rent`), or sale price (`sold`). */
    // The upper bound is the database's 32-bit integer column; no home listing comes near it.
    price: z.number().nonnegative().max(2_147_483_647).nullable(),
    listing_status: z.enum(LISTING_STATUSES),
    home_type: z.enum(HOME_TYPES),
    bedrooms: z.number().int().min(0).max(100).nullable(),
    /** Full and partial bathrooms together, as the page counts them (1.5 is one full and one half). */
    bathrooms: z.number().min(0).max(100).nullable(),
    living_area_sqft: z.number().int().positive().max(10_000_000).nullable(),
    lot_size_sqft: z.number().int().positive().max(10_000_000_000).nullable(),
    year_built: z.number().int().min(1600).max(2100).nullable(),
    /** The listing's own remarks, entities decoded, whitespace tidied. */
    description: z.string().trim().min(1).max(LISTING_LIMITS.descriptionMaxLength).nullable(),
    /** The largest JPEG of each photo of the listing's own gallery, in gallery order, no repeats. */
    photos: z.array(httpsUrl).max(LISTING_LIMITS.maxPhotos),
    facts: listingFacts,
    listing_agent: contact.nullable(),
    broker: contact.nullable(),
    /**
     * A rental's move-in date as the page gives it; `null` when it does not (or says "now").
     * Optional on the wire: extensions built before it existed leave it out.
     */
    date_available: isoDate.nullable().default(null),
    /** When a `sold` home sold, as the page says; names the date when the listing is refused. */
    sold_date: isoDate.nullable().default(null),
  })
  // The extension downloads the draft's photos: only from the listing's own site's photo hosts.
  .refine((listing) => listing.photos.every((url) => isListingPhotoUrl(url, listing.source)), {
    message: "Photos must come from the listing site's own photo host",
    path: ['photos'],
  })
export type NormalizedListing = z.infer<typeof normalizedListing>

const soldDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * Why Marketplace must not advertise this listing, or `null` when it may
 * (docs/product.md#conversion): a sold or off-market home has nothing to sell or let. Pending,
 * coming-soon and unknown statuses pass: the page still offers the home, and the popup shows the
 * status beside the preview. The popup refuses with this text before anything is sent, and the
 * server refuses with it too.
 */
export function notAdvertisableReason(
  listing: Pick<NormalizedListing, 'listing_status' | 'sold_date'>,
): string | null {
  switch (listing.listing_status) {
    case 'sold': {
      const on =
        listing.sold_date === null
          ? ''
          : ` on ${soldDateFormat.format(new Date(`${listing.sold_date}T00:00:00Z`))}`
      return `This home sold${on}: there is nothing to advertise.`
    }
    case 'off_market':
      return 'This home is off the market: there is nothing to advertise.'
    default:
      return null
  }
}
