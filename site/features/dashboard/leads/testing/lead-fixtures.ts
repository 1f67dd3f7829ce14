import type { CrmSettingsData, Lead } from '../../../../../api/schemas/leads.ts'

/** Leads and CRM settings in the API's shapes, with sensible defaults, for the leads tests. */
export function leadFixture(overrides: Partial<Lead> = {}): Lead {
  return {
    _id: 'lead-1',
    source: 'zillow_fsbo',
    source_id: '2077123456',
    listing_url: 'https://www.zillow.com/homedetails/2077123456_zpid/',
    owner_name: 'Ann Owner',
    phone: '+15125550142',
    email: 'ann.owner@example.com',
    address: { street: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701' },
    price: 450000,
    beds: 3,
    baths: 2.5,
    living_area_sqft: 1850,
    days_on_market: 4,
    photo_url: null,
    status: 'new',
    notes: '',
    created_at: '2025-03-15T12:00:00.000Z',
    updated_at: '2025-03-15T12:00:00.000Z',
    ...overrides,
  }
}

export function leadsPageFixture(items: Lead[], overrides: { page?: number; total?: number } = {}) {
  return { items, page: overrides.page ?? 1, page_size: 20, total: overrides.total ?? items.length }
}

export function crmFixture(overrides: Partial<CrmSettingsData> = {}): CrmSettingsData {
  return { webhook: null, follow_up_boss: null, deliveries: [], ...overrides }
}
