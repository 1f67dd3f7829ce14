import { LEAD_SOURCE_SITES } from '../../api/lead-sources.ts'
import { isFsboBotCheckPage } from './detect-fsbo-bot-check.ts'
import { findFsboResultLinks } from './find-fsbo-result-links.ts'
import { fsboFailureMessage } from './fsbo-failure.ts'
import type { FsboExtraction } from './fsbo-lead.ts'
import {
  FSBO_SITES,
  leadSourceOfListingUrl,
  leadSourceOfResultsUrl,
  type FsboResultsSite,
} from './fsbo-sites.ts'

export type { FsboResultsSite }

/**
 * What a page is for FSBO leads: one listing (its lead, or why there is none), a search-results
 * page (the listings it links to), a results page behind a bot check, or something else.
 */
export type FsboPage =
  | { kind: 'listing'; pageUrl: string; extraction: FsboExtraction }
  | { kind: 'results'; pageUrl: string; site: FsboResultsSite; links: string[] }
  | { kind: 'blocked'; pageUrl: string; site: FsboResultsSite; message: string }
  | { kind: 'other' }

/** Reads the page as it is now (content scripts call it when asked). Pure. */
export function inspectFsboPage(doc: Document, pageUrl: string): FsboPage {
  const listingSource = leadSourceOfListingUrl(pageUrl)
  if (listingSource !== null) {
    return {
      kind: 'listing',
      pageUrl,
      extraction: FSBO_SITES[listingSource].extractLead(doc, pageUrl),
    }
  }
  const resultsSource = leadSourceOfResultsUrl(pageUrl)
  if (resultsSource === null) return { kind: 'other' }
  const site = LEAD_SOURCE_SITES[resultsSource].name
  if (isFsboBotCheckPage(doc)) {
    return { kind: 'blocked', pageUrl, site, message: fsboFailureMessage('bot-check', site) }
  }
  const links = findFsboResultLinks(doc, pageUrl, FSBO_SITES[resultsSource].listingId)
  return { kind: 'results', pageUrl, site, links }
}
