/**
 * Redfin's URLs. A listing is `https://www.redfin.com/<ST>/<City>/<address>/home/<id>`, with a unit
 * segment for units (`…/<address>/unit-4/home/<id>`); rentals use the same shape. Everything else on
 * redfin.com (search, cities, agents, `/apartment/<id>` buildings) is not a listing.
 */

const LISTING_HOST = 'www.redfin.com'
const LISTING_PATH = /\/home\/(\d{1,20})\/?$/

function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

/** Any https page of redfin.com (the bot check can show on any of them). */
export function isRedfinPageUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  return (
    url !== null &&
    url.protocol === 'https:' &&
    (url.hostname === 'redfin.com' || url.hostname.endsWith('.redfin.com'))
  )
}

/** Redfin's id of the home a listing URL shows (the digits after `/home/`); `null` for any other URL. */
export function redfinListingIdFromUrl(pageUrl: string): string | null {
  const url = parseUrl(pageUrl)
  if (url?.protocol !== 'https:' || url.hostname !== LISTING_HOST) return null
  return LISTING_PATH.exec(url.pathname)?.[1] ?? null
}

/** The home id a link on a Redfin page names (absolute, or relative to www.redfin.com), or `null`. */
export function redfinIdFromLink(link: string | undefined | null): string | null {
  if (!link) return null
  const url = parseUrl(link, `https://${LISTING_HOST}/`)
  if (url?.hostname !== LISTING_HOST) return null
  return LISTING_PATH.exec(url.pathname)?.[1] ?? null
}

/** The listing's address for the record: scheme, host and path, no query or fragment. */
export function canonicalRedfinUrl(pageUrl: string): string {
  const url = new URL(pageUrl)
  return `${url.origin}${url.pathname}`
}

/**
 * State and ZIP from the listing URL (`/CA/Sherman-Oaks/13157-Otsego-St-91423/home/5216364`): the
 * first segment is the state, the address segment ends with the ZIP. Street and city are not taken:
 * the slug drops the unit's `#` and the city's own hyphens.
 */
export function addressHintsFromRedfinUrl(pageUrl: string): { state?: string; zip?: string } {
  const url = parseUrl(pageUrl)
  if (!url) return {}
  const match = /^\/([A-Z]{2})\/[^/]+\/[^/]*?-(\d{5})(?:\/unit-[^/]+)?\/home\/\d+\/?$/.exec(
    url.pathname,
  )
  return match ? { state: match[1], zip: match[2] } : {}
}
