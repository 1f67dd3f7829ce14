/** Tests only: a listing as the extractor gives it and the draft the server makes of it. */
import type { Me } from '../../api/schemas/users.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'

export const photoUrls = (count: number): string[] =>
  Array.from(
    { length: count },
    (_, i) =>
      `https://photos.zillowstatic.com/fp/photo-${i + 1}-uncropped_scaled_within_1536_1152.jpg`,
  )

export const listing: NormalizedListing = {
  source: 'zillow',
  source_id: '2077404414',
  url: 'https://www.zillow.com/homedetails/742-Evergreen-Ter-Springfield-IL-62704/2077404414_zpid/',
  address: { street: '742 Evergreen Ter', city: 'Springfield', state: 'IL', zip: '62704' },
  price: 389000,
  listing_status: 'for_sale',
  home_type: 'single_family',
  bedrooms: 4,
  bathrooms: 2.5,
  living_area_sqft: 2140,
  lot_size_sqft: 8712,
  year_built: 1989,
  description: 'A bright family home near the park.',
  photos: photoUrls(24),
  facts: {
    heating: ['Forced air'],
    cooling: ['Central air'],
    laundry: 'In unit',
    parking: ['Garage'],
  },
  listing_agent: { name: 'Ann Agent', phone: '217-555-0100' },
  broker: { name: 'Evergreen Realty' },
  date_available: null,
  sold_date: null,
}

export function draftFor(photoCount: number): MarketplaceDraft {
  return {
    listing_type: 'sale',
    property_type: 'House',
    bedrooms: 4,
    bathrooms: 2.5,
    price: 389000,
    address: {
      line: '742 Evergreen Ter, Springfield, IL 62704',
      street: '742 Evergreen Ter',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
    },
    square_feet: 2140,
    description: 'A bright family home near the park.\n\nListing courtesy of Evergreen Realty.',
    photos: photoUrls(photoCount),
    laundry: 'In-unit laundry',
    parking: 'Garage parking',
    air_conditioning: 'Central AC',
    heating: 'Central heating',
    date_available: null,
    source_url: listing.url,
  }
}

/** GET /users/me's data for the tests' agent (Ann Agent, no agent profile yet). */
export function sampleMe(overrides: Partial<Me> = {}): Me {
  return {
    _id: 'u1',
    full_name: 'Ann Agent',
    email: 'ann@example.com',
    phone: '+14155550123',
    is_subscribed: false,
    subscription_expiry: null,
    subscription_state: null,
    trial_end: '2030-01-01T00:00:00.000Z',
    is_admin: false,
    agent_profile: null,
    pending_email: null,
    ...overrides,
  }
}
