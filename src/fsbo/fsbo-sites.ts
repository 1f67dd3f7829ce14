import { LEAD_SOURCE_SITES, LEAD_SOURCES, type LeadSource } from '../../api/lead-sources.ts'
import { listingZpidFromUrl } from '../sources/zillow/zillow-url.ts'
import type { FsboExtraction } from './fsbo-lead.ts'
import { extractForSaleByOwnerLead } from './sites/forsalebyowner-com/extract-forsalebyowner-lead.ts'
import {
  forSaleByOwnerListingId,
  isForSaleByOwnerResultsUrl,
} from './sites/forsalebyowner-com/forsalebyowner-url.ts'
import { extractFsboComLead } from './sites/fsbo-com/extract-fsbo-com-lead.ts'
import { fsboComListingId, isFsboComResultsUrl } from './sites/fsbo-com/fsbo-com-url.ts'
import { extractZillowFsboLead } from './sites/zillow-fsbo/extract-zillow-fsbo-lead.ts'

/** What the extension needs of an FSBO site's folder; the site's data is in api/lead-sources.ts. */
export interface FsboSiteModule {
  /**
   * The site's id of the listing a link names (absolute, or relative to `base` as on a results
   * page); `null` for every other link.
   */
  listingId: (link: string, base?: string) => string | null
  /** The lead on one of the site's listing pages, or why there is none. Pure: reads the document. */
  extractLead: (doc: Document, pageUrl: string) => FsboExtraction
  /** Whether the URL is one of the site's search-results pages (the registry's `resultsPages`). */
  isResultsUrl: (pageUrl: string) => boolean
}

/** Every source of the registry has its module here: the type makes a missing one an error. */
export const FSBO_SITES: { readonly [S in LeadSource]: FsboSiteModule } = {
  zillow_fsbo: {
    listingId: listingZpidFromUrl,
    extractLead: extractZillowFsboLead,
    isResultsUrl: () => false,
  },
  fsbo_com: {
    listingId: fsboComListingId,
    extractLead: extractFsboComLead,
    isResultsUrl: isFsboComResultsUrl,
  },
  forsalebyowner_com: {
    listingId: forSaleByOwnerListingId,
    extractLead: extractForSaleByOwnerLead,
    isResultsUrl: isForSaleByOwnerResultsUrl,
  },
}

/** The sources a scan goes through: those with results pages, where a scan starts. */
export type ScannedSource = {
  [S in LeadSource]: (typeof LEAD_SOURCE_SITES)[S]['resultsPages'] extends readonly [] ? never : S
}[LeadSource]

export const SCANNED_SOURCES = LEAD_SOURCES.filter(
  (source): source is ScannedSource => LEAD_SOURCE_SITES[source].resultsPages.length > 0,
)

/** An FSBO site whose search results the extension can scan, by its registry name. */
export type FsboResultsSite = (typeof LEAD_SOURCE_SITES)[ScannedSource]['name']

/** The source whose listing page `pageUrl` is, or `null`; registry order decides a tie. */
export function leadSourceOfListingUrl(pageUrl: string): LeadSource | null {
  return LEAD_SOURCES.find((source) => FSBO_SITES[source].listingId(pageUrl) !== null) ?? null
}

/** The source whose search-results page `pageUrl` is, or `null`. */
export function leadSourceOfResultsUrl(pageUrl: string): ScannedSource | null {
  return SCANNED_SOURCES.find((source) => FSBO_SITES[source].isResultsUrl(pageUrl)) ?? null
}
