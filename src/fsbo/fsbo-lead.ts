import type { LeadAddress, SaveLeadBody } from '../../api/schemas/leads.ts'

/** What a page said about a lead; each reader fills what it can, the first to say a field wins. */
export type LeadFields = Partial<
  Omit<SaveLeadBody, 'source' | 'source_id' | 'listing_url' | 'address'>
> & {
  address?: Partial<LeadAddress>
}

export type FsboFailureReason = 'not-fsbo' | 'not-a-listing' | 'bot-check' | 'no-data'

/**
 * What an extractor reads off one listing page: the for-sale-by-owner lead as exactly the body of
 * POST /leads (SaveLeadBody), so the extractors and the contract cannot drift apart, or why there
 * is none. Every fact is `null` when the page does not show it; `phone` is as the page shows it
 * (the server makes it E.164) and `listing_url` is the page without query or fragment.
 */
export type FsboExtraction =
  { ok: true; lead: SaveLeadBody } | { ok: false; reason: FsboFailureReason; message: string }
