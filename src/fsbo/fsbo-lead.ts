/** A for-sale-by-owner lead as an extractor reads it off one listing page. */

export type FsboSource = 'zillow_fsbo' | 'fsbo_com' | 'forsalebyowner_com'

export interface FsboAddress {
  street: string | null
  city: string | null
  state: string | null
  zip: string | null
}

/** Every field is `null` when the page does not show it. */
export interface FsboLead {
  source: FsboSource
  /** The site's own id for the listing (zpid, fsbo.com id, forsalebyowner.com id). */
  source_id: string
  /** The listing page without query or fragment. */
  listing_url: string
  owner_name: string | null
  /** The owner's phone exactly as the page shows it (normalising is the server's job). */
  phone: string | null
  email: string | null
  address: FsboAddress
  price: number | null
  beds: number | null
  baths: number | null
  living_area_sqft: number | null
  days_on_market: number | null
  photo_url: string | null
}

/** What a page said about a lead; each reader fills what it can, the first to say a field wins. */
export type LeadFields = Partial<
  Omit<FsboLead, 'source' | 'source_id' | 'listing_url' | 'address'>
> & {
  address?: Partial<FsboAddress>
}

export type FsboFailureReason = 'not-fsbo' | 'not-a-listing' | 'bot-check' | 'no-data'

export type FsboExtraction =
  { ok: true; lead: FsboLead } | { ok: false; reason: FsboFailureReason; message: string }
