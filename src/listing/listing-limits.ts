import type { LISTING_LIMITS as SchemaLimits } from '../../api/schemas/listing.ts'

/**
 * The contract's limits, repeated here so the content script imports nothing at runtime from
 * `api/` (a runtime import would pull zod into it). The type ties each value to the schema's: a
 * change there that is not made here fails the type check.
 */
export const LISTING_LIMITS: typeof SchemaLimits = {
  streetMaxLength: 200,
  cityMaxLength: 100,
  nameMaxLength: 200,
  phoneMaxLength: 40,
  descriptionMaxLength: 20_000,
  urlMaxLength: 2048,
  maxPhotos: 50,
  factMaxLength: 200,
  maxFactsPerList: 30,
  laundryMaxLength: 500,
}
