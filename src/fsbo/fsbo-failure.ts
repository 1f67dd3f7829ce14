import type { LEAD_SOURCE_SITES, LeadSource } from '../../api/lead-sources.ts'
import type { LISTING_SOURCE_SITES, ListingSource } from '../../api/listing-sources.ts'
import type { FsboExtraction, FsboFailureReason } from './fsbo-lead.ts'

/**
 * The site the page is on as the agent knows it, for messages: a name from a registry, the lead
 * source's, or the listing source's whose pages carry the lead (Zillow FSBO homes are Zillow's).
 */
export type FsboSiteName =
  | (typeof LEAD_SOURCE_SITES)[LeadSource]['name']
  | (typeof LISTING_SOURCE_SITES)[ListingSource]['name']

/** What the extension tells the agent; each says what to do next. */
export function fsboFailureMessage(reason: FsboFailureReason, site: FsboSiteName): string {
  switch (reason) {
    case 'not-fsbo':
      return `This ${site} listing is listed by an agent, not for sale by owner.`
    case 'not-a-listing':
      return `This page isn't a ${site} listing. Open one home's listing page, then try again.`
    case 'bot-check':
      return `${site} is asking you to prove you're human. Complete the check on the page, then try again.`
    case 'no-data':
      return `We couldn't find this listing's details on the ${site} page. Reload the page, let it finish loading, then try again.`
  }
}

export function fsboFailure(reason: FsboFailureReason, site: FsboSiteName): FsboExtraction {
  return { ok: false, reason, message: fsboFailureMessage(reason, site) }
}
