import { routes } from '../../api/routes.ts'
import { notAdvertisableReason } from '../../api/schemas/listing.ts'
import { requireAccess } from '../billing/access.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { ownListingSigner } from './own-listing-signer.ts'
import { storeConversion } from './store-conversion.ts'
import { toMarketplaceDraft } from './to-marketplace-draft.ts'

/**
 * POST /listings/convert: the metered call. Checks access and the agent's permission answer,
 * stores the conversion on the listing's row and counts it in the same transaction (once per
 * listing per 24 hours: docs/listings.md#metering), and answers the Marketplace draft.
 */
export default defineRoute(routes.convertListing, async ({ body, userId }, ctx) => {
  await requireAccess(ctx, userId, 'conversion')
  const { listing, permission } = body
  // Refused before anything is stored or counted: the popup refuses these too.
  const refusal = notAdvertisableReason(listing)
  if (refusal !== null) throw new AppError(422, refusal)
  if (listing.price === null) {
    throw new AppError(
      422,
      'This listing shows no price, and Marketplace needs one. Open the listing once its price is shown, then try again.',
      { 'listing.price': 'Price is required' },
    )
  }
  const signer =
    permission.basis === 'own_listing' ? await ownListingSigner(ctx.db, userId, listing) : null
  const draft = toMarketplaceDraft(listing, signer)
  const { listingId, metered } = await storeConversion(ctx.db, ctx.clock, {
    userId,
    listing,
    draft,
    permission: {
      permission_basis: permission.basis,
      permission_confirmed_at: ctx.clock().toISOString(),
      permission_listing_agent: listing.listing_agent?.name ?? null,
      permission_brokerage: listing.broker?.name ?? null,
    },
  })
  return {
    data: { listing_id: listingId, draft, metered },
    message: 'Your Marketplace draft is ready.',
  }
})
