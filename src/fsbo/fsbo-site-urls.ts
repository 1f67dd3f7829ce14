import { LEAD_SOURCE_SITES, LEAD_SOURCES } from '../../api/lead-sources.ts'
import { FSBO_SITES, SCANNED_SOURCES } from './fsbo-sites.ts'
import { parseLink } from './parse-link.ts'

/**
 * The URLs a scan deals with, for every FSBO site at once (src/fsbo/fsbo-sites.ts); each site's
 * own URL rules are in its folder under src/fsbo/sites/.
 */

/**
 * Which listing a URL is, as `<source>:<id>` (e.g. `fsbo_com:546971`), on the sites a scan goes
 * through, else `null`: the scan tab's page is the one asked for when the keys match, whatever the
 * host spelling, slug or redirect.
 */
export function fsboListingKey(pageUrl: string): string | null {
  for (const source of SCANNED_SOURCES) {
    const id = FSBO_SITES[source].listingId(pageUrl)
    if (id !== null) return `${source}:${id}`
  }
  return null
}

/** The hosts of the registry's listing pages: where the FSBO content script reads a listing. */
export const SCANNED_HOSTS: ReadonlySet<string> = new Set(
  LEAD_SOURCES.flatMap((source) =>
    LEAD_SOURCE_SITES[source].listingPages.map((pattern) => new URL(pattern).hostname),
  ),
)

/**
 * May the scan tab be sent to `link`? Only an absolute https listing URL on a host we read: the
 * links come from a page's content script, and a page can lie.
 */
export function isScannableListingUrl(link: string): boolean {
  const url = parseLink(link)
  return (
    url?.protocol === 'https:' &&
    url.port === '' &&
    SCANNED_HOSTS.has(url.hostname) &&
    fsboListingKey(link) !== null
  )
}
