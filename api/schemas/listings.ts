import { z } from 'zod'
import { LISTING_SOURCES } from '../listing-sources.ts'
import { marketplaceDraft } from './marketplace-draft.ts'
import { pageOf, pageQueryFields, timestampField } from './fields.ts'

/** `data` of POST /listings/convert: the stored conversion and the draft to fill in. */
export const convertListingData = z.object({ listing_id: z.string(), draft: marketplaceDraft })
export type ConvertListingData = z.infer<typeof convertListingData>

/** GET /listings: the user's conversions, newest first, a page at a time. */
export const listListingsQuery = z.strictObject(pageQueryFields)

export const convertedListingSummary = z.object({
  _id: z.string(),
  source: z.enum(LISTING_SOURCES),
  source_id: z.string(),
  url: z.string(),
  address: z.string(),
  price: z.number().nullable(),
  listing_type: z.enum(['sale', 'rent']),
  photo_count: z.number().int().nonnegative(),
  created_at: timestampField,
})
export type ConvertedListingSummary = z.infer<typeof convertedListingSummary>

export const listingsPage = pageOf(convertedListingSummary)
