/** URL helpers the FSBO sites' URL rules share. */

/** `text` as a URL (relative to `base` when given), or `null` when it is none. */
export function parseLink(text: string, base?: string): URL | null {
  try {
    return new URL(text, base)
  } catch {
    return null
  }
}

/** An http(s) URL on `host` or one of its subdomains. */
export function isOnHost(url: URL, host: string): boolean {
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    (url.hostname === host || url.hostname.endsWith(`.${host}`))
  )
}

/** A link's address for the record: https, scheme + host + path, no query or fragment. */
export function canonicalLink(link: string, base: string): string | null {
  const url = parseLink(link, base)
  if (!url) return null
  return `https://${url.host}${url.pathname}`
}
