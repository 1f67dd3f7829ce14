import { z } from 'zod'
import { LISTING_PERMISSION_BASES, listingPermission } from '../listing-permission.ts'
import { LISTING_SOURCES } from '../listing-sources.ts'
import { normalizedListing } from './listing.ts'
import { LISTING_TYPES, marketplaceDraft } from './marketplace-draft.ts'
import { pageOf, pageQueryFields, timestampField } from './fields.ts'

/**
 * POST /listings/convert: the listing as the page shows it, and the agent's answer to "whose
 * listing is it?" for this listing (api/listing-permission.ts).
 */
export const convertListingBody = z.strictObject({
  listing: normalizedListing,
  permission: listingPermission,
})
export type ConvertListingBody = z.infer<typeof convertListingBody>

/**
 * `data` of POST /listings/convert and POST /listings/:id/fill-again: the stored conversion and
 * the draft to fill in. `metered`: whether this one counted as an API call (a listing is counted
 * once per 24 hours however many drafts it takes: docs/listings.md#metering).
 */
export const convertListingData = z.object({
  listing_id: z.string(),
  draft: marketplaceDraft,
  metered: z.boolean(),
})
export type ConvertListingData = z.infer<typeof convertListingData>

export const LISTING_SEARCH_MAX_LENGTH = 200
export { LISTING_TYPES, type ListingType } from './marketplace-draft.ts'

/**
 * GET /listings: the user's converted listings, last converted first, a page at a time. `q`
 * finds by address (street, city, state, ZIP), the source's listing id, the listing agent or the
 * brokerage; `source` and `listing_type` narrow.
 */
export const listListingsQuery = z.strictObject({
  ...pageQueryFields,
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(LISTING_SEARCH_MAX_LENGTH, 'The search text is too long')
    .optional(),
  source: z.enum(LISTING_SOURCES, { error: 'Unknown listing source' }).optional(),
  listing_type: z.enum(LISTING_TYPES, { error: 'listing_type must be sale or rent' }).optional(),
})
export type ListListingsQuery = z.infer<typeof listListingsQuery>

/** POST /listings/:id/fill-again */
export const listingIdParams = z.strictObject({
  id: z.string({ error: 'Listing id is required' }).min(1).max(100, 'Invalid listing id'),
})

/**
 * The agent's answer stored with a conversion: on what ground, when, and the listing agent and
 * brokerage the page named at the time.
 */
export const storedListingPermission = z.object({
  basis: z.enum(LISTING_PERMISSION_BASES),
  confirmed_at: timestampField,
  listing_agent: z.string().nullable(),
  brokerage: z.string().nullable(),
})
export type StoredListingPermission = z.infer<typeof storedListingPermission>

export const convertedListingSummary = z.object({
  _id: z.string(),
  source: z.enum(LISTING_SOURCES),
  source_id: z.string(),
  url: z.string(),
  address: z.string(),
  price: z.number().nullable(),
  listing_type: z.enum(LISTING_TYPES),
  photo_count: z.number().int().nonnegative(),
  /** The first photo, at the source's own URL; null when the listing has none. */
  photo_url: z.string().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  living_area_sqft: z.number().nullable(),
  /** First converted. */
  created_at: timestampField,
  /** Last converted (a conversion again, or Fill again); the list's order. */
  converted_at: timestampField,
  /** Null on conversions stored before the question was asked per listing. */
  permission: storedListingPermission.nullable(),
})
export type ConvertedListingSummary = z.infer<typeof convertedListingSummary>

export const listingsPage = pageOf(convertedListingSummary)
