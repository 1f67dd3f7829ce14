import type { MarketplaceDraft } from '../../../api/schemas/marketplace-draft.ts'
import type { PhotoFile } from '../photos.ts'

export const rentalDraft: MarketplaceDraft = {
  listing_type: 'rent',
  property_type: 'Apartment',
  bedrooms: 2,
  bathrooms: 1.5,
  price: 3450,
  address: {
    line: '210 Eastern Pkwy APT 4B, Brooklyn, NY 11238',
    street: '210 Eastern Pkwy APT 4B',
    city: 'Brooklyn',
    state: 'NY',
    zip: '11238',
  },
  square_feet: 950,
  description:
    'Sunny two bedroom facing the park.\nHeat and hot water included.\n\nListing courtesy of Dana Ruiz of Brownstone Realty.',
  photos: Array.from({ length: 20 }, (_, i) => `https://photos.zillowstatic.com/fp/p${i + 1}.jpg`),
  laundry: 'Laundry in building',
  parking: 'Street parking',
  air_conditioning: 'AC available',
  heating: 'Radiator heating',
  date_available: null,
  source_url:
    'https://www.zillow.com/homedetails/210-Eastern-Pkwy-Brooklyn-NY-11238/2056781234_zpid/',
}

export const saleDraft: MarketplaceDraft = {
  listing_type: 'sale',
  property_type: 'Apartment',
  bedrooms: 2,
  bathrooms: 2,
  price: 195000,
  address: {
    line: '2435 Aspen Rd UNIT 104, Ames, IA 50010',
    street: '2435 Aspen Rd UNIT 104',
    city: 'Ames',
    state: 'IA',
    zip: '50010',
  },
  square_feet: 1133,
  description: 'Main floor condo living.\n\nListing courtesy of Norsemen Realty.',
  photos: [
    'https://photos.zillowstatic.com/fp/a1.jpg',
    'https://photos.zillowstatic.com/fp/a2.jpg',
  ],
  laundry: 'In-unit laundry',
  parking: 'Garage parking',
  air_conditioning: 'Central AC',
  heating: 'Central heating',
  date_available: null,
  source_url:
    'https://www.zillow.com/homedetails/2435-Aspen-Rd-UNIT-104-Ames-IA-50010/94727498_zpid/',
}

/** `count` small JPEG-typed photos, each a different size so their order can be checked. */
export function photoFiles(count: number): PhotoFile[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `photo-${i + 1}.jpg`,
    type: 'image/jpeg',
    bytes: new Uint8Array(100 + i).fill(0xff).buffer,
  }))
}
