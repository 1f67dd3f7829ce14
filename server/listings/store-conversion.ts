import type { Kysely } from 'kysely'
import type { ListingPermissionBasis } from '../../api/listing-permission.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import type { Clock } from '../clock.ts'
import { newId } from '../db/ids.ts'
import type { Database } from '../db/schema.ts'
import { recordApiCall } from '../usage/record-api-call.ts'
import { listingSummaryColumns } from './listing-summary-columns.ts'

/** A listing is counted once per this many milliseconds however many drafts it takes. */
export const METERING_WINDOW_MS = 24 * 60 * 60 * 1000

/** The agent's answer as stored with a conversion (docs/listings.md#permission). */
export interface PermissionColumns {
  permission_basis: ListingPermissionBasis
  permission_confirmed_at: string
  permission_listing_agent: string | null
  permission_brokerage: string | null
}

export interface Conversion {
  userId: string
  listing: NormalizedListing
  draft: MarketplaceDraft
  /** A new answer to store; Fill again keeps the stored one. */
  permission: PermissionColumns | null
}

/**
 * Stores a conversion on the user's row of the listing (made on the first one) and counts it as
 * an API call unless the listing was counted in the last 24 hours (docs/listings.md#metering).
 *
 * Race-safe without locks: the first statement inserts only where the unique (user, source,
 * source id) index has no row, and the second claims the count only where metered_at is older
 * than the window. On PostgreSQL a concurrent statement on the same row waits for the first to
 * commit and then re-checks its condition against the new row, so two simultaneous conversions
 * of a listing store one row and count once; SQLite runs transactions one at a time.
 */
export async function storeConversion(
  db: Kysely<Database>,
  clock: Clock,
  conversion: Conversion,
): Promise<{ listingId: string; metered: boolean }> {
  const { userId, listing, draft, permission } = conversion
  const now = clock()
  const nowIso = now.toISOString()
  const meteredBefore = new Date(now.getTime() - METERING_WINDOW_MS).toISOString()
  const fields = {
    url: listing.url,
    address: draft.address.line,
    price: draft.price,
    listing_type: draft.listing_type,
    photo_count: draft.photos.length,
    data: JSON.stringify(listing),
    draft: JSON.stringify(draft),
    converted_at: nowIso,
    ...listingSummaryColumns(listing),
    ...(permission ?? {}),
  }
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('listings')
      .values({
        id: newId(),
        user_id: userId,
        source: listing.source,
        source_id: listing.source_id,
        created_at: nowIso,
        metered_at: nowIso,
        permission_basis: null,
        permission_confirmed_at: null,
        permission_listing_agent: null,
        permission_brokerage: null,
        ...fields,
      })
      .onConflict((oc) => oc.columns(['user_id', 'source', 'source_id']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) {
      await recordApiCall(trx, userId, clock, 'listing')
      return { listingId: inserted.id, metered: true }
    }

    const sameListing = trx
      .updateTable('listings')
      .where('user_id', '=', userId)
      .where('source', '=', listing.source)
      .where('source_id', '=', listing.source_id)
    const counted = await sameListing
      .set({ ...fields, metered_at: nowIso })
      .where('metered_at', '<=', meteredBefore)
      .returning('id')
      .executeTakeFirst()
    if (counted) {
      await recordApiCall(trx, userId, clock, 'listing')
      return { listingId: counted.id, metered: true }
    }
    const updated = await sameListing.set(fields).returning('id').executeTakeFirstOrThrow()
    return { listingId: updated.id, metered: false }
  })
}
