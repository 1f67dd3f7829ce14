import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { LeadAddress } from '../../api/schemas/leads.ts'

/** A phone number as E.164 (default region US), or undefined when it is not a valid number. */
export function toE164(phone: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, 'US')
  return parsed?.isValid() ? parsed.number : undefined
}

/** Common street words, so "123 Main Street" and "123 main st." are one address. */
const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  circle: 'cir',
  highway: 'hwy',
  parkway: 'pkwy',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  apartment: 'apt',
  suite: 'ste',
}

function words(value: string | null): string {
  return (value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w.length > 0)
    .map((w) => STREET_WORDS[w] ?? w)
    .join(' ')
}

/**
 * The address as de-duplication compares it: street, city, state and 5-digit ZIP, lower-cased,
 * without punctuation or accents, street words abbreviated. Undefined without a street.
 */
export function addressKey(address: LeadAddress): string | undefined {
  const street = words(address.street)
  if (!street) return undefined
  const zip = (address.zip ?? '').replace(/\D/g, '').slice(0, 5)
  return [street, words(address.city), words(address.state), zip].join('|')
}

/** One line of the address for people: "123 Main St, Austin, TX 78701". */
export function addressLine(address: LeadAddress): string {
  const stateZip = [address.state, address.zip].filter(Boolean).join(' ')
  return [address.street, address.city, stateZip].filter(Boolean).join(', ')
}

/** What the search matches, lower-cased so LIKE behaves the same on SQLite and PostgreSQL. */
export function searchText(lead: {
  owner_name: string | null
  phone: string | null
  email: string | null
  address: LeadAddress
}): string {
  const digits = lead.phone?.replace(/\D/g, '') ?? ''
  // The national number too (without the country code), as an agent would type it.
  const national = lead.phone?.startsWith('+1') ? digits.slice(1) : ''
  return [lead.owner_name, lead.phone, digits, national, lead.email, addressLine(lead.address)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
}
