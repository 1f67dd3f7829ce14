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

/** schema.org types Zillow puts in JSON-LD (`SingleFamilyResidence`, `Apartment`…). */
export function homeTypeFromSchemaType(types: readonly string[]): HomeType | undefined {
  for (const type of types) {
    if (type === 'SingleFamilyResidence' || type === 'House') return 'single_family'
    if (type === 'Apartment') return 'apartment'
  }
  return undefined
}
