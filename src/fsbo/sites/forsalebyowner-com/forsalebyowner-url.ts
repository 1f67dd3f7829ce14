import { isOnHost, parseLink } from '../../parse-link.ts'

/**
 * forsalebyowner.com's URLs:
 * - a listing: `https://www.forsalebyowner.com/listing/<address-slug>/<id>` (any slug works; the
 *   id decides, e.g. `/listing/_/<id>` redirects to the listing)
 * - search results: `https://www.forsalebyowner.com/search/list/austin-texas`
 */
const LISTING_PATH = /^\/listing\/[^/]+\/([A-Za-z0-9-]+)\/?$/
const RESULTS_PATH = /^\/search\//

export function isForSaleByOwnerUrl(pageUrl: string): boolean {
  const url = parseLink(pageUrl)
  return url !== null && isOnHost(url, 'forsalebyowner.com')
}

/** The forsalebyowner.com listing id of a link (absolute or relative to `base`), else `null`. */
export function forSaleByOwnerListingId(
  link: string,
  base = 'https://www.forsalebyowner.com/',
): string | null {
  const url = parseLink(link, base)
  if (!url || !isOnHost(url, 'forsalebyowner.com')) return null
  return LISTING_PATH.exec(url.pathname)?.[1] ?? null
}

export function isForSaleByOwnerResultsUrl(pageUrl: string): boolean {
  const url = parseLink(pageUrl)
  return url !== null && isOnHost(url, 'forsalebyowner.com') && RESULTS_PATH.test(url.pathname)
}
