import { routes } from '../../api/routes.ts'
import { notAdvertisableReason } from '../../api/schemas/listing.ts'
import { requireAccess } from '../billing/access.ts'
import { newId } from '../db/ids.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { recordApiCall } from '../usage/record-api-call.ts'
import { toMarketplaceDraft } from './to-marketplace-draft.ts'

/**
 * POST /listings/convert: the one metered call (DESIGN §3). Checks access, stores the
 * conversion and counts it in the same transaction, and answers the Marketplace draft.
 */
export default defineRoute(routes.convertListing, async ({ body, userId }, ctx) => {
  await requireAccess(ctx, userId, 'conversion')
  // Refused before anything is stored or counted: the popup refuses these too.
  const refusal = notAdvertisableReason(body)
  if (refusal !== null) throw new AppError(422, refusal)
  if (body.price === null) {
    throw new AppError(
      422,
      'This listing shows no price, and Marketplace needs one. Open the listing once its price is shown, then try again.',
      { price: 'Price is required' },
    )
  }
  const draft = toMarketplaceDraft(body)
  const listingId = newId()
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('listings')
      .values({
        id: listingId,
        user_id: userId,
        source: body.source,
        source_id: body.source_id,
        url: body.url,
        address: draft.address.line,
        price: draft.price,
        listing_type: draft.listing_type,
        photo_count: draft.photos.length,
        data: JSON.stringify(body),
        draft: JSON.stringify(draft),
        created_at: ctx.clock().toISOString(),
      })
      .execute()
    await recordApiCall(trx, userId, ctx.clock)
  })
  return { data: { listing_id: listingId, draft }, message: 'Your Marketplace draft is ready.' }
})
