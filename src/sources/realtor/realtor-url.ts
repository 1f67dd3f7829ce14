/**
 * Realtor.com's listing URLs. A detail page's path ends with the property id split by a dash,
 * `…_Houston_TX_77077_M70330-35605` (or the bare `M70330-35605`); the page data's `property_id`
 * is the same digits without the dash and the M, `7033035605`, so both become that form here.
 */

const LISTING_PATH =
  /^\/(?:realestateandhomes-detail|rentals\/details)\/(?:[^/]*_)?M(\d{1,10})-(\d{1,10})(?:\/[^/]*)?\/?$/

function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

function isRealtorHost(hostname: string): boolean {
  return hostname === 'realtor.com' || hostname.endsWith('.realtor.com')
}

function idFromPath(pathname: string): string | null {
  const match = LISTING_PATH.exec(pathname)
  return match ? `${match[1]}${match[2]}` : null
}

/** Any https page of realtor.com. */
export function isRealtorPageUrl(pageUrl: string): boolean {
  const url = parseUrl(pageUrl)
  return url !== null && url.protocol === 'https:' && isRealtorHost(url.hostname)
}

/** The property id of an https www.realtor.com detail or rental-detail URL; `null` for any other page. */
export function realtorListingIdFromUrl(pageUrl: string): string | null {
  const url = parseUrl(pageUrl)
  if (url?.protocol !== 'https:' || url.hostname !== 'www.realtor.com') return null
  return idFromPath(url.pathname)
}

/**
 * The property id a link in the page names (canonical link, `og:url`, JSON-LD `url`): relative or
 * absolute, and http too, since older pages wrote their canonical link with http.
 */
export function realtorIdFromLink(link: string | null | undefined): string | null {
  if (!link) return null
  const url = parseUrl(link, 'https://www.realtor.com/')
  if (!url || !isRealtorHost(url.hostname)) return null
  return idFromPath(url.pathname)
}

/** A `property_id` as the page data writes it (`"7033035605"`, `7033035605`, `"M7033035605"`) → digits. */
export function normalizeRealtorId(value: unknown): string | null {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value > 0 ? String(value) : null
  }
  if (typeof value !== 'string') return null
  return /^M?(\d{1,20})$/.exec(value.trim())?.[1] ?? null
}

/** The listing's address for the record: scheme, host and path, no query or fragment. */
export function canonicalRealtorUrl(pageUrl: string): string {
  const url = new URL(pageUrl)
  return `${url.origin}${url.pathname}`
}

/**
 * State and ZIP from the slug (`12355-Attlee-Dr_Houston_TX_77077_M70330-35605`). Street and city
 * are not taken: the slug turns their spaces and hyphens alike into dashes.
 */
export function addressHintsFromRealtorUrl(pageUrl: string): { state?: string; zip?: string } {
  const url = parseUrl(pageUrl)
  if (!url) return {}
  const match = /_([A-Z]{2})_(\d{5})_M\d+-\d+/.exec(url.pathname)
  return match ? { state: match[1], zip: match[2] } : {}
}
