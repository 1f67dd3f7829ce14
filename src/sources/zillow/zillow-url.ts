/** Zillow's own pages: zillow.com and its subdomains (www.zillow.com in practice). */
export function isZillowUrl(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    (url.hostname === 'zillow.com' || url.hostname.endsWith('.zillow.com'))
  )
}

/** The zpid in a Zillow path (`…/15192198_zpid/`), or `null`. */
export function zpidFromPath(pathOrUrl: string): string | null {
  return /(\d+)_zpid/.exec(pathOrUrl)?.[1] ?? null
}

function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

/** Any page of zillow.com (https). */
export function isZillowPageUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  return url !== null && isZillowUrl(url)
}

/** The zpid of a Zillow listing URL; `null` for any other page (search, other site, no zpid). */
export function listingZpidFromUrl(pageUrl: string): string | null {
  const url = parseUrl(pageUrl)
  if (!url || !isZillowUrl(url)) return null
  return zpidFromPath(url.pathname)
}

/** The zpid a link (absolute or relative to zillow.com) points at, or `null`. */
export function zpidFromLink(link: string | undefined | null): string | null {
  if (!link) return null
  const url = parseUrl(link, 'https://www.zillow.com/')
  return url ? zpidFromPath(url.pathname) : null
}

/** The listing's address for the record: scheme, host and path, no query or fragment. */
export function canonicalListingUrl(pageUrl: string): string {
  const url = new URL(pageUrl)
  return `${url.origin}${url.pathname}`
}

/**
 * State and ZIP from the listing URL's slug (`/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/
 * 15192198_zpid/`): the last two words are always state and ZIP. Street and city are not taken —
 * where one ends and the other begins is not in the slug.
 */
export function addressHintsFromUrl(pageUrl: string): { state?: string; zip?: string } {
  const match = /\/homedetails\/[^/]*-([A-Z]{2})-(\d{5})\/\d+_zpid/.exec(pageUrl)
  return match ? { state: match[1], zip: match[2] } : {}
}
