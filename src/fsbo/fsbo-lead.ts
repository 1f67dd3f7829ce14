import type { LeadAddress, LeadSource, SaveLeadBody } from '../../api/schemas/leads.ts'

/**
 * A for-sale-by-owner lead as an extractor reads it off one listing page: exactly the body of
 * POST /leads, so the extractors and the contract cannot drift apart. Every fact is `null` when
 * the page does not show it; `phone` is as the page shows it (the server makes it E.164) and
 * `listing_url` is the page without query or fragment.
 */
export type FsboLead = SaveLeadBody
export type FsboSource = LeadSource
export type FsboAddress = LeadAddress

/** What a page said about a lead; each reader fills what it can, the first to say a field wins. */
export type LeadFields = Partial<
  Omit<FsboLead, 'source' | 'source_id' | 'listing_url' | 'address'>
> & {
  address?: Partial<FsboAddress>
}

export type FsboFailureReason = 'not-fsbo' | 'not-a-listing' | 'bot-check' | 'no-data'

export type FsboExtraction =
  { ok: true; lead: FsboLead } | { ok: false; reason: FsboFailureReason; message: string }
