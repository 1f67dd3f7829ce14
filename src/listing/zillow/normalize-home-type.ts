import type { HomeType } from '../../../api/schemas/listing.ts'

const ZILLOW_HOME_TYPES: Record<string, HomeType> = {
  SINGLE_FAMILY: 'single_family',
  CONDO: 'condo',
  COOPERATIVE: 'condo',
  TOWNHOUSE: 'townhouse',
  MULTI_FAMILY: 'multi_family',
  APARTMENT: 'apartment',
  MANUFACTURED: 'manufactured',
  MOBILE: 'manufactured',
  LOT: 'lot',
  LAND: 'lot',
}

/** Zillow's `homeType` code (SINGLE_FAMILY, CONDO, …); `undefined` when absent or unknown to Zillow. */
export function homeTypeFromZillowCode(code: string | undefined): HomeType | undefined {
  if (code === undefined) return undefined
  const upper = code.trim().toUpperCase()
  if (upper === '' || upper === 'HOME_TYPE_UNKNOWN') return undefined
  return ZILLOW_HOME_TYPES[upper] ?? 'other'
}

/** Words a page uses for the type ("Single Family", "Condominium", "Townhouse", "Lot/Land"…). */
export function homeTypeFromText(text: string | undefined): HomeType | undefined {
  if (text === undefined) return undefined
  const t = text.toLowerCase()
  if (/town\s*-?house|townhome|row\s*house/.test(t)) return 'townhouse'
  if (/single[\s-]*family|\bhouse\b/.test(t)) return 'single_family'
  if (/condo|co-?op(?:erative)?\b/.test(t)) return 'condo'
  if (/multi[\s-]*family|duplex|triplex|fourplex|quadruplex/.test(t)) return 'multi_family'
  if (/apartment/.test(t)) return 'apartment'
  if (/manufactured|mobile\s*home/.test(t)) return 'manufactured'
  if (/\blots?\b|\bland\b|acreage/.test(t)) return 'lot'
  return undefined
}

/** schema.org types Zillow puts in JSON-LD (`SingleFamilyResidence`, `Apartment`…). */
export function homeTypeFromSchemaType(types: readonly string[]): HomeType | undefined {
  for (const type of types) {
    if (type === 'SingleFamilyResidence' || type === 'House') return 'single_family'
    if (type === 'Apartment') return 'apartment'
  }
  return undefined
}
