import type { HomeType } from '../../api/schemas/listing.ts'

/**
 * Every source's words for a home's type, onto our home types: Zillow's codes (`SINGLE_FAMILY`,
 * `CONDO`), Realtor.com's (`single_family`, `condos`, `townhomes`, `coop`, `mobile`), Redfin's
 * ("Single Family Residential", "Condo/Co-op", "Multi-Family (2-4 Unit)", "Mobile/Manufactured
 * Home", "Vacant Land") and the words pages print ("Condominium", "Lot/Land"). What becomes of each
 * type on Marketplace is decided once, on the server (docs/sources.md#home-types-on-marketplace).
 * `undefined` when the text names no type we know.
 */
export function homeTypeFromText(text: string | undefined): HomeType | undefined {
  if (text === undefined) return undefined
  const t = text.toLowerCase().replace(/[_/]+/g, ' ')
  // Condo first: search buckets such as "condo_townhome_rowhome_coop" are units, not rows.
  if (/condo|\bco-?op(?:erative)?\b/.test(t)) return 'condo'
  if (/town\s*-?house|townhome|row\s*-?(house|home)/.test(t)) return 'townhouse'
  if (/manufactured|mobile/.test(t)) return 'manufactured'
  if (/single[\s-]*family|\bhouse\b/.test(t)) return 'single_family'
  if (/multi[\s-]*family|duplex|triplex|fourplex|quadruplex/.test(t)) return 'multi_family'
  if (/apartment/.test(t)) return 'apartment'
  if (/\blots?\b|\bland\b|acreage|\bfarms?\b/.test(t)) return 'lot'
  return undefined
}
