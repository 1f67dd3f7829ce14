import type { ListingPermissionBasis } from '../../../api/listing-permission.ts'
import type { NormalizedListing } from '../../../api/schemas/listing.ts'
import type { ConvertListingBody } from '../../../api/schemas/listings.ts'

/** A realistic normalized listing (the San Francisco house of the shared fixtures), for route tests. */
export function sampleListing(overrides: Partial<NormalizedListing> = {}): NormalizedListing {
  return {
    source: 'zillow',
    source_id: '15192198',
    url: 'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/',
    address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
    price: 850000,
    listing_status: 'for_sale',
    home_type: 'single_family',
    bedrooms: 2,
    bathrooms: 1,
    living_area_sqft: 900,
    lot_size_sqft: 3746,
    year_built: 1921,
    description: 'Excellent opportunity to own a fully detached home with a garage.',
    photos: Array.from(
      { length: 24 },
      (_, i) => `https://photos.zillowstatic.com/fp/photo-${i + 1}-cc_ft_1536.jpg`,
    ),
    facts: {
      heating: ['Floor Furnace'],
      cooling: ['None'],
      laundry: 'In Garage',
      parking: ['Attached'],
    },
    listing_agent: { name: 'Wong Real Estate Grp', phone: '650-619-2790' },
    broker: { name: 'KW Advisors', phone: '650-627-3700' },
    date_available: null,
    sold_date: null,
    ...overrides,
  }
}

/** A POST /listings/convert body: the sample listing and the agent's permission answer. */
export function sampleConversion(
  overrides: Partial<NormalizedListing> = {},
  basis: ListingPermissionBasis = 'broker_permission',
): ConvertListingBody {
  return { listing: sampleListing(overrides), permission: { basis } }
}
