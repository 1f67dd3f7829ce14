import { isOnHost, parseLink } from '../../parse-link.ts'

/**
 * fsbo.com's URLs, on its bare or www name:
 * - a listing: `https://fsbo.com/listings/listings/show/id/546971/`
 * - search results: `https://fsbo.com/listings/search/results/?searchQuery=Miami%2C+FL`
 */
const LISTING_PATH = /^\/listings\/listings\/show\/id\/(\d+)\/?$/
const RESULTS_PATH = /^\/listings\/search\//

export function isFsboComUrl(pageUrl: string): boolean {
  const url = parseLink(pageUrl)
  return url !== null && isOnHost(url, 'fsbo.com')
}

/** The fsbo.com listing id of a link (absolute or relative to `base`), else `null`. */
export function fsboComListingId(link: string, base = 'https://fsbo.com/'): string | null {
  const url = parseLink(link, base)
  if (!url || !isOnHost(url, 'fsbo.com')) return null
  return LISTING_PATH.exec(url.pathname)?.[1] ?? null
}

export function isFsboComResultsUrl(pageUrl: string): boolean {
  const url = parseLink(pageUrl)
  return url !== null && isOnHost(url, 'fsbo.com') && RESULTS_PATH.test(url.pathname)
}
