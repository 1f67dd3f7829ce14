import { LEAD_SOURCE_LABELS, type Lead } from '../../api/schemas/leads.ts'
import type { Config } from '../config.ts'

export const FOLLOW_UP_BOSS_SYSTEM = 'ListingBridge'

/** Where events go: FOLLOW_UP_BOSS_API_URL (a stand-in in tests) + /events. */
export function followUpBossEventsUrl(config: Pick<Config, 'crm'>): string {
  return `${config.crm.followUpBossApiUrl}/events`
}

/** Basic auth as Follow Up Boss wants it: the API key as user name, an empty password. */
export function followUpBossAuthorization(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`
}

/** One lead as a Follow Up Boss event (POST /v1/events, type "Seller Inquiry"). */
export function followUpBossEvent(lead: Lead) {
  const [firstName = '', ...rest] = (lead.owner_name ?? '').trim().split(/\s+/)
  return {
    source: FOLLOW_UP_BOSS_SYSTEM,
    system: FOLLOW_UP_BOSS_SYSTEM,
    type: 'Seller Inquiry',
    person: {
      firstName,
      lastName: rest.join(' '),
      emails: lead.email ? [{ value: lead.email }] : [],
      phones: lead.phone ? [{ value: lead.phone }] : [],
      tags: ['FSBO'],
    },
    property: {
      street: lead.address.street ?? '',
      city: lead.address.city ?? '',
      state: lead.address.state ?? '',
      code: lead.address.zip ?? '',
      ...(lead.price !== null ? { price: lead.price } : {}),
      ...(lead.beds !== null ? { bedrooms: lead.beds } : {}),
      ...(lead.baths !== null ? { bathrooms: lead.baths } : {}),
      ...(lead.living_area_sqft !== null ? { area: lead.living_area_sqft } : {}),
      url: lead.listing_url,
    },
    message: [
      `For-sale-by-owner listing found on ${LEAD_SOURCE_LABELS[lead.source]}.`,
      lead.days_on_market !== null ? `Days on market: ${lead.days_on_market}.` : '',
      lead.notes ? `Notes: ${lead.notes}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  }
}
