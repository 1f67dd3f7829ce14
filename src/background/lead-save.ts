import type { ApiClient } from '../../api/client/api-client.ts'
import type { SaveLeadBody } from '../../api/schemas/leads.ts'
import type { LeadSaveOutcome } from '../messages.ts'
import { api } from './api.ts'
import { convertError } from './conversion.ts'

/** The lead as POST /leads takes it: exactly its fields (the server refuses unknown ones). */
export function saveLeadBody(lead: SaveLeadBody): SaveLeadBody {
  return {
    source: lead.source,
    source_id: lead.source_id,
    listing_url: lead.listing_url,
    owner_name: lead.owner_name,
    phone: lead.phone,
    email: lead.email,
    address: {
      street: lead.address.street,
      city: lead.address.city,
      state: lead.address.state,
      zip: lead.address.zip,
    },
    price: lead.price,
    beds: lead.beds,
    baths: lead.baths,
    living_area_sqft: lead.living_area_sqft,
    days_on_market: lead.days_on_market,
    photo_url: lead.photo_url,
  }
}

/**
 * Saves one lead (metered, de-duplicated by the server). Failures become the conversion's kinds,
 * so the popup shows them the same way: 402 upgrade, offline, server, session expired, rejected.
 */
export async function saveLead(
  lead: SaveLeadBody,
  client: ApiClient = api(),
): Promise<LeadSaveOutcome> {
  try {
    const data = await client.call('saveLead', { body: saveLeadBody(lead) })
    return { ok: true, created: data.created, leadId: data.lead._id }
  } catch (error) {
    return { ok: false, error: convertError(error) }
  }
}
