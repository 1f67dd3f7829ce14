/**
 * THE registry of lead sources: the sites whose for-sale-by-owner listings the extension saves as
 * leads. One line per source. Everything else that names a lead source comes from here: the API's
 * `source` enum and labels, the server's stored values, the FSBO content script's matches in the
 * manifest, the hosts a scan may visit and the popup's names.
 * Adding a source: its folder under `src/fsbo/sites/`, its fixtures, its line here (the compiler
 * then asks for its module in `src/fsbo/fsbo-sites.ts`). See docs/sources.md.
 *
 * Pure data, imported at run time by the extension's content script too: keep it small.
 */

export interface LeadSourceSite {
  /** How the agent knows the source: the dashboard, the CSV export, the CRMs and the popup. */
  name: string
  /**
   * Chrome match patterns of the site's listing pages (the FSBO content script runs there and a
   * scan visits them). Exact hosts, https: the scan's host check reads them.
   */
  listingPages: readonly string[]
  /** Chrome match patterns of the site's search-results pages (a scan starts there). */
  resultsPages: readonly string[]
}

export const LEAD_SOURCE_SITES = {
  // No pages of its own: its homes are Zillow listings, where the listing content script
  // (api/listing-sources.ts) already runs and answers for FSBO leads too.
  zillow_fsbo: { name: 'Zillow (FSBO)', listingPages: [], resultsPages: [] },
  // fsbo.com answers on both its bare and its www name.
  fsbo_com: {
    name: 'FSBO.com',
    listingPages: [
      'https://fsbo.com/listings/listings/show/id/*',
      'https://www.fsbo.com/listings/listings/show/id/*',
    ],
    resultsPages: ['https://fsbo.com/listings/search/*', 'https://www.fsbo.com/listings/search/*'],
  },
  forsalebyowner_com: {
    name: 'ForSaleByOwner.com',
    listingPages: ['https://www.forsalebyowner.com/listing/*'],
    resultsPages: ['https://www.forsalebyowner.com/search/*'],
  },
} as const satisfies Record<string, LeadSourceSite>

export type LeadSource = keyof typeof LEAD_SOURCE_SITES

export const LEAD_SOURCES = Object.keys(LEAD_SOURCE_SITES) as [LeadSource, ...LeadSource[]]
