import { listingZpidFromUrl } from '../sources/zillow/zillow-url.ts'
import { isFsboBotCheckPage } from './detect-fsbo-bot-check.ts'
import { extractForSaleByOwnerLead } from './extract-forsalebyowner-lead.ts'
import { extractFsboComLead } from './extract-fsbo-com-lead.ts'
import { extractZillowFsboLead } from './extract-zillow-fsbo-lead.ts'
import { findFsboResultLinks } from './find-fsbo-result-links.ts'
import { fsboFailureMessage, type FsboSiteName } from './fsbo-failure.ts'
import type { FsboExtraction } from './fsbo-lead.ts'
import {
  forSaleByOwnerListingId,
  fsboComListingId,
  isForSaleByOwnerUrl,
  isFsboComUrl,
  isFsboResultsUrl,
} from './fsbo-site-urls.ts'

/** An FSBO site whose search results the extension can scan. */
export type FsboResultsSite = Exclude<FsboSiteName, 'Zillow'>

/**
 * What a page is for FSBO leads: one listing (its lead, or why there is none), a search-results
 * page (the listings it links to), a results page behind a bot check, or something else.
 */
export type FsboPage =
  | { kind: 'listing'; pageUrl: string; extraction: FsboExtraction }
  | { kind: 'results'; pageUrl: string; site: FsboResultsSite; links: string[] }
  | { kind: 'blocked'; pageUrl: string; site: FsboResultsSite; message: string }
  | { kind: 'other' }

function resultsSite(pageUrl: string): FsboResultsSite | null {
  if (isFsboComUrl(pageUrl)) return 'FSBO.com'
  if (isForSaleByOwnerUrl(pageUrl)) return 'ForSaleByOwner.com'
  return null
}

/** Reads the page as it is now (content scripts call it when asked). Pure. */
export function inspectFsboPage(doc: Document, pageUrl: string): FsboPage {
  if (listingZpidFromUrl(pageUrl) !== null) {
    return { kind: 'listing', pageUrl, extraction: extractZillowFsboLead(doc, pageUrl) }
  }
  if (fsboComListingId(pageUrl) !== null) {
    return { kind: 'listing', pageUrl, extraction: extractFsboComLead(doc, pageUrl) }
  }
  if (forSaleByOwnerListingId(pageUrl) !== null) {
    return { kind: 'listing', pageUrl, extraction: extractForSaleByOwnerLead(doc, pageUrl) }
  }
  const site = resultsSite(pageUrl)
  if (site === null || !isFsboResultsUrl(pageUrl)) return { kind: 'other' }
  if (isFsboBotCheckPage(doc)) {
    return { kind: 'blocked', pageUrl, site, message: fsboFailureMessage('bot-check', site) }
  }
  return { kind: 'results', pageUrl, site, links: findFsboResultLinks(doc, pageUrl) }
}
