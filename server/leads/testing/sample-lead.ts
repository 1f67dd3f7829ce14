import type { SaveLeadBody } from '../../../api/schemas/leads.ts'

/** A lead as the extension would send it from an FSBO listing page (invented data). */
export function sampleLead(overrides: Partial<SaveLeadBody> = {}): SaveLeadBody {
  return {
    source: 'fsbo_com',
    source_id: '512345',
    listing_url: 'https://fsbo.com/listings/listings/show/id/512345/',
    owner_name: 'Maria Lopez',
    phone: '(512) 555-0142',
    email: 'maria.lopez@example.com',
    address: { street: '418 Maple Street', city: 'Austin', state: 'TX', zip: '78704' },
    price: 465000,
    beds: 3,
    baths: 2.5,
    living_area_sqft: 1840,
    days_on_market: 12,
    photo_url: 'https://fsbo.com/photos/512345/1.jpg',
    ...overrides,
  }
}
