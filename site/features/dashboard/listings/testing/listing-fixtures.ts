import type { ConvertedListingSummary } from '../../../../../api/schemas/listings.ts'

/** A converted listing in the API's shape, with sensible defaults, for the Listings tests. */
export function listingFixture(
  overrides: Partial<ConvertedListingSummary> = {},
): ConvertedListingSummary {
  return {
    _id: 'listing-1',
    source: 'zillow',
    source_id: '2077123456',
    url: 'https://www.zillow.com/homedetails/2077123456_zpid/',
    address: '12 Oak St, Austin, TX 78701',
    price: 450000,
    listing_type: 'sale',
    photo_count: 24,
    photo_url: 'https://photos.zillowstatic.com/fp/abc-cc_ft_1536.jpg',
    bedrooms: 3,
    bathrooms: 2.5,
    living_area_sqft: 1850,
    created_at: '2025-03-10T12:00:00.000Z',
    converted_at: '2025-03-15T12:00:00.000Z',
    permission: {
      basis: 'own_listing',
      confirmed_at: '2025-03-10T12:00:00.000Z',
      listing_agent: 'Ann Agent',
      brokerage: 'Acme Realty',
    },
    ...overrides,
  }
}
