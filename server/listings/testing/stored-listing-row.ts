import type { NormalizedListing } from '../../../api/schemas/listing.ts'
import type { ListingsTable } from '../../db/schema.ts'
import { listingSummaryColumns } from '../listing-summary-columns.ts'
import { toMarketplaceDraft } from '../to-marketplace-draft.ts'

/**
 * A listings row as a conversion with no permission answer writes it (as rows stored before the
 * question was asked), for tests that insert many rows fast or need such an old row.
 */
export function storedListingRow(
  userId: string,
  id: string,
  listing: NormalizedListing,
  convertedAt: string,
): ListingsTable {
  const draft = toMarketplaceDraft(listing)
  return {
    id,
    user_id: userId,
    source: listing.source,
    source_id: listing.source_id,
    url: listing.url,
    address: draft.address.line,
    price: draft.price,
    listing_type: draft.listing_type,
    photo_count: draft.photos.length,
    data: JSON.stringify(listing),
    draft: JSON.stringify(draft),
    created_at: convertedAt,
    converted_at: convertedAt,
    metered_at: convertedAt,
    permission_basis: null,
    permission_confirmed_at: null,
    permission_listing_agent: null,
    permission_brokerage: null,
    ...listingSummaryColumns(listing),
  }
}
