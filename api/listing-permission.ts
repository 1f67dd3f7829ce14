import { z } from 'zod'
import type { AgentProfile } from './schemas/agent-profile.ts'
import type { NormalizedListing } from './schemas/listing.ts'

/**
 * MLS rules attach the right to advertise to each listing: the listing agent may, anyone else
 * needs the listing broker's permission. The popup asks per listing and the server stores the
 * answer with the conversion (docs/listings.md#permission).
 *
 * `own_listing`: the page names the agent of the profile and their brokerage (the server checks
 * it again); `broker_permission`: the agent confirmed they have the named brokerage's permission.
 */
export const LISTING_PERMISSION_BASES = ['own_listing', 'broker_permission'] as const
export type ListingPermissionBasis = (typeof LISTING_PERMISSION_BASES)[number]

export const PERMISSION_REQUIRED_MESSAGE =
  'Say whether this is your listing or you have its broker’s permission (an older extension does not ask: update it)'
export const listingPermission = z.strictObject(
  { basis: z.enum(LISTING_PERMISSION_BASES, { error: PERMISSION_REQUIRED_MESSAGE }) },
  { error: PERMISSION_REQUIRED_MESSAGE },
)
export type ListingPermission = z.infer<typeof listingPermission>

/** Words that say what kind of company, not which: "Acme Realty, Inc." is "Acme Realty". */
const COMPANY_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'lc',
  'llp',
  'lp',
  'pllc',
  'pc',
  'pa',
  'co',
  'corp',
  'corporation',
  'company',
  'ltd',
  'limited',
])

/**
 * Generational suffixes, titles and designations after a person's name ("Jane Smith Jr.",
 * "Jane Smith, Broker/Owner", "Jane Smith, CRS, GRI"): they say what the person is, not who.
 */
const PERSON_SUFFIXES = new Set([
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'pa',
  'esq',
  'realtor',
  'broker',
  'owner',
  'associate',
  'agent',
  'abr',
  'cne',
  'crs',
  'gri',
  'sres',
  'srs',
])

/** Titles before a person's name ("Dr. Jane Smith"). */
const PERSON_PREFIXES = new Set(['dr', 'mr', 'mrs', 'ms', 'mx'])

/**
 * Lower case, accents and punctuation gone, "&" as "and": the words a name is made of. An
 * apostrophe inside a word joins it ("O'Brien"); so does a period between letters when
 * `joinDotted` ("L.L.C." is "llc" in a company's name, where "J.Q." in a person's is two initials).
 */
function words(text: string, joinDotted: boolean): string[] {
  const joiner = joinDotted ? /(\p{L})[.'’](?=\p{L})/gu : /(\p{L})['’](?=\p{L})/gu
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(joiner, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
}

/** A brokerage's name as compared: its words without the company form or a leading "the". */
export function brokerageKey(name: string): string {
  const list = words(name, true)
  while (list.length > 1 && COMPANY_SUFFIXES.has(list[list.length - 1] ?? '')) list.pop()
  if (list[0] === 'the' && list.length > 1) list.shift()
  return list.join(' ')
}

/**
 * A person's name as compared: first and last word, without titles, suffixes or middle names;
 * null for a one-word name.
 */
function personParts(name: string): { first: string; last: string } | null {
  const list = words(name, false)
  while (list.length > 2 && PERSON_SUFFIXES.has(list[list.length - 1] ?? '')) list.pop()
  while (list.length > 2 && PERSON_PREFIXES.has(list[0] ?? '')) list.shift()
  const first = list[0]
  const last = list[list.length - 1]
  if (first === undefined || last === undefined || list.length < 2) return null
  return { first, last }
}

/**
 * Whether two texts name the same person: same last name, and the same first name or its
 * initial ("J. Smith" is "Jane Q. Smith"); a one-word name must match whole.
 */
export function samePerson(a: string, b: string): boolean {
  const x = personParts(a)
  const y = personParts(b)
  if (!x || !y) {
    const whole = words(a, false).join(' ')
    return whole !== '' && whole === words(b, false).join(' ')
  }
  if (x.last !== y.last) return false
  if (x.first === y.first) return true
  const [short, long] = x.first.length <= y.first.length ? [x.first, y.first] : [y.first, x.first]
  return short.length === 1 && long.startsWith(short)
}

/** Same brokerage key, spaces aside: "RE/MAX" is "REMAX", "HomeServices" is "Home Services". */
export function sameBrokerage(a: string, b: string): boolean {
  const key = brokerageKey(a).replace(/ /g, '')
  return key !== '' && key === brokerageKey(b).replace(/ /g, '')
}

/**
 * The agent's own listing: the page names the profile's agent and the profile's brokerage. A
 * page that names neither, or only one, is someone else's until the agent says otherwise.
 */
export function isOwnListing(
  profile: Pick<AgentProfile, 'listing_name' | 'brokerage'>,
  listing: Pick<NormalizedListing, 'listing_agent' | 'broker'>,
): boolean {
  const agent = listing.listing_agent?.name
  const broker = listing.broker?.name
  if (!agent || !broker) return false
  return samePerson(agent, profile.listing_name) && sameBrokerage(broker, profile.brokerage)
}
