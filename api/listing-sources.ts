/**
 * THE registry of listing sources: the sites whose listing pages the extension turns into a
 * Marketplace draft. One line per source. Everything else that names a source comes from here:
 * the API's `source` enum, the server's stored values, the extension's manifest (content-script
 * matches and host permissions), its content script's extractor choice and the popup's names.
 * Adding a source: its folder under `src/sources/`, its fixtures, its line here (the compiler then
 * asks for its extractor in `src/sources/extractors.ts`). See docs/sources.md.
 *
 * Pure data, imported at run time by the extension's content script too: keep it small.
 */

export interface ListingSourceSite {
  /** How the agent knows the site. */
  name: string
  /** Chrome match patterns of the site's listing detail pages (the content script runs there). */
  listingPages: readonly string[]
  /** Chrome match patterns of the hosts serving the listing's photos (the worker downloads them). */
  photoHosts: readonly string[]
}

export const LISTING_SOURCE_SITES = {
  zillow: {
    name: 'Zillow',
    listingPages: ['https://www.zillow.com/homedetails/*'],
    photoHosts: ['https://photos.zillowstatic.com/*'],
  },
  realtor: {
    name: 'Realtor.com',
    listingPages: [
      'https://www.realtor.com/realestateandhomes-detail/*',
      'https://www.realtor.com/rentals/details/*',
    ],
    photoHosts: ['https://ap.rdcpix.com/*'],
  },
  redfin: {
    name: 'Redfin',
    listingPages: ['https://www.redfin.com/*/home/*'],
    photoHosts: ['https://ssl.cdn-redfin.com/*'],
  },
} as const satisfies Record<string, ListingSourceSite>

export type ListingSource = keyof typeof LISTING_SOURCE_SITES

export const LISTING_SOURCES = Object.keys(LISTING_SOURCE_SITES) as [
  ListingSource,
  ...ListingSource[],
]

/** "Zillow, Realtor.com and Redfin": the sources in prose, in registry order. */
export function listingSourceNames(): string {
  const names = LISTING_SOURCES.map((source) => LISTING_SOURCE_SITES[source].name)
  return names.length === 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`
}

/** The hosts of `source`'s photo host patterns (`https://ap.rdcpix.com/*` → `ap.rdcpix.com`). */
function photoHostsOf(source: ListingSource): string[] {
  return LISTING_SOURCE_SITES[source].photoHosts.map((pattern) => pattern.split('/')[2] ?? '')
}

/**
 * Is `url` an https photo on a photo host of `source` (of any source when none is named)? The
 * extension downloads only such URLs and the server takes no others: a page cannot make the worker
 * fetch from anywhere else (docs/sources.md#permissions-and-the-install-warning).
 */
export function isListingPhotoUrl(url: string, source?: ListingSource): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '' || parsed.username !== '') return false
  const sources = source === undefined ? LISTING_SOURCES : [source]
  return sources.some((each) => photoHostsOf(each).includes(parsed.hostname))
}
