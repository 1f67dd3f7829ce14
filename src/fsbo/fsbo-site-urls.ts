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
