import { isOwnListing } from '../../api/listing-permission.ts'
import { LISTING_SOURCE_SITES } from '../../api/listing-sources.ts'
import { routes } from '../../api/routes.ts'
import { normalizedListing } from '../../api/schemas/listing.ts'
import { requireAccess } from '../billing/access.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { agentProfileOf } from './own-listing-signer.ts'
import { storeConversion } from './store-conversion.ts'
import { toMarketplaceDraft } from './to-marketplace-draft.ts'

/**
 * POST /listings/:id/fill-again: a fresh draft of a stored listing, built from the stored listing
 * by today's converter, metered like a conversion (docs/listings.md#fill-again).
 */
export default defineRoute(routes.fillAgain, async ({ params, userId }, ctx) => {
  await requireAccess(ctx, userId, 'conversion')
  const row = await ctx.db
    .selectFrom('listings')
    .select(['id', 'source', 'data', 'permission_basis'])
    .where('id', '=', params.id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new AppError(404, 'This listing is not in your account.')

  // Validated when it was stored; read through the schema again so a field added since gets its
  // default, and a listing today's schema refuses is a clear answer rather than a broken draft.
  const parsed = normalizedListing.safeParse(JSON.parse(row.data))
  if (!parsed.success) {
    throw new AppError(
      422,
      `This listing was saved in a form that can no longer be read. Open it on ${LISTING_SOURCE_SITES[row.source].name} and convert it again.`,
    )
  }
  const listing = parsed.data
  // The agent's own listing is signed with their profile while the page's names still match it
  // (after a move to another brokerage it is credited to the page's broker, as anyone's is).
  const profile =
    row.permission_basis === 'own_listing' ? await agentProfileOf(ctx.db, userId) : undefined
  const signer = profile && isOwnListing(profile, listing) ? profile : null
  const draft = toMarketplaceDraft(listing, signer)
  const { listingId, metered } = await storeConversion(ctx.db, ctx.clock, {
    userId,
    listing,
    draft,
    permission: null,
  })
  return {
    data: { listing_id: listingId, draft, metered },
    message: 'Your Marketplace draft is ready.',
  }
})
