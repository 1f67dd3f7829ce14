/**
 * The listing URLs of the FSBO sites, as their pages link them:
 * - fsbo.com: `https://fsbo.com/listings/listings/show/id/546971/`
 * - forsalebyowner.com: `https://www.forsalebyowner.com/listing/<address-slug>/<id>`
 *   (any slug works; the id decides, e.g. `/listing/_/<id>` redirects to the listing).
 */

function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

function onHost(url: URL, host: string): boolean {
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (url.hostname === host || url.hostname.endsWith(`.${host}`))
  )
}

export function isFsboComUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  return url !== null && onHost(url, 'fsbo.com')
}

export function isForSaleByOwnerUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  return url !== null && onHost(url, 'forsalebyowner.com')
}

const FSBO_COM_LISTING = /^\/listings\/listings\/show\/id\/(\d+)\/?$/
const FORSALEBYOWNER_LISTING = /^\/listing\/[^/]+\/([A-Za-z0-9-]+)\/?$/

/** The fsbo.com listing id of a link (absolute or relative to `base`), else `null`. */
export function fsboComListingId(link: string, base = 'https://fsbo.com/'): string | null {
  const url = parseUrl(link, base)
  if (!url || !onHost(url, 'fsbo.com')) return null
  return FSBO_COM_LISTING.exec(url.pathname)?.[1] ?? null
}

/** The forsalebyowner.com listing id of a link (absolute or relative to `base`), else `null`. */
export function forSaleByOwnerListingId(
  link: string,
  base = 'https://www.forsalebyowner.com/',
): string | null {
  const url = parseUrl(link, base)
  if (!url || !onHost(url, 'forsalebyowner.com')) return null
  return FORSALEBYOWNER_LISTING.exec(url.pathname)?.[1] ?? null
}

/** A link's address for the record: https, scheme + host + path, no query or fragment. */
export function canonicalLink(link: string, base: string): string | null {
  const url = parseUrl(link, base)
  if (!url) return null
  return `https://${url.host}${url.pathname}`
}

/**
 * Which listing a URL is, as `<source>:<id>` (e.g. `fsbo_com:546971`), else `null`: the scan tab's
 * page is the one asked for when the keys match, whatever the host spelling, slug or redirect.
 */
export function fsboListingKey(pageUrl: string): string | null {
  const fsboId = fsboComListingId(pageUrl)
  if (fsboId !== null) return `fsbo_com:${fsboId}`
  const ownerId = forSaleByOwnerListingId(pageUrl)
  return ownerId === null ? null : `forsalebyowner_com:${ownerId}`
}

/** The hosts whose listings our content script reads (manifest.config.ts's match patterns). */
const SCANNED_HOSTS: ReadonlySet<string> = new Set([
  'fsbo.com',
  'www.fsbo.com',
  'www.forsalebyowner.com',
])

/**
 * May the scan tab be sent to `link`? Only an absolute https listing URL on a host we read: the
 * links come from a page's content script, and a page can lie.
 */
export function isScannableListingUrl(link: string): boolean {
  const url = parseUrl(link)
  return (
    url?.protocol === 'https:' &&
    url.port === '' &&
    SCANNED_HOSTS.has(url.hostname) &&
    fsboListingKey(link) !== null
  )
}

const FSBO_COM_RESULTS = /^\/listings\/search\//
const FORSALEBYOWNER_RESULTS = /^\/search\//

/** A search-results page: fsbo.com `/listings/search/…`, forsalebyowner.com `/search/…`. */
export function isFsboResultsUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  if (!url) return false
  if (onHost(url, 'fsbo.com')) return FSBO_COM_RESULTS.test(url.pathname)
  if (onHost(url, 'forsalebyowner.com')) return FORSALEBYOWNER_RESULTS.test(url.pathname)
  return false
}
