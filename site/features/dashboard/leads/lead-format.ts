import { parsePhoneNumberFromString } from 'libphonenumber-js'
import type { Lead } from '../../../../api/schemas/leads.ts'
import { formatWholeUsd } from '../format.ts'

/** How the dashboard shows a lead's facts; '—' stands for a fact the listing page did not show. */

export const MISSING = '—'

/**
 * Source and status names are the contract's (LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS in
 * api/schemas/leads.ts), so the page, the CSV and Follow Up Boss read the same.
 */

/** E.164 for reading: "+14155550123" → "(415) 555-0123"; other countries in international form. */
export function formatPhone(e164: string | null): string {
  if (!e164) return MISSING
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed) return e164
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational()
}

/** "12 Oak St, Austin, TX 78701"; the parts a page showed, in that order. */
export function formatAddress(address: Lead['address']): string {
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ')
  const parts = [address.street, address.city, stateZip].filter((part) => part)
  return parts.length ? parts.join(', ') : MISSING
}

/** Asking prices are whole dollars: 450000 → "$450,000". */
export function formatPrice(price: number | null): string {
  return price === null ? MISSING : formatWholeUsd(price)
}

/** "3 bd · 2.5 ba", or what is known of it. */
export function formatBedsBaths(beds: number | null, baths: number | null): string {
  const parts = [beds === null ? null : `${beds} bd`, baths === null ? null : `${baths} ba`]
  const known = parts.filter((p) => p !== null)
  return known.length ? known.join(' · ') : MISSING
}

/** What names a lead to a person (a checkbox label, a dialog title): the owner, else the address. */
export function leadName(lead: Lead): string {
  const owner = lead.owner_name?.trim()
  if (owner) return owner
  const address = formatAddress(lead.address)
  return address === MISSING ? 'this lead' : address
}

/** "1 lead", "3 leads", "1,200 leads". */
export function leadCount(n: number): string {
  return `${n.toLocaleString('en-US')} lead${n === 1 ? '' : 's'}`
}
