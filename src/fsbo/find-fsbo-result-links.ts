import { canonicalLink } from './parse-link.ts'

/**
 * The listing pages a search-results page links to, in page order, each once, absolute (https,
 * no query or fragment). `listingId` is the site's (src/fsbo/fsbo-sites.ts): it tells its
 * listings apart, one per id whatever the rest of the link; links it does not know are left out.
 */
export function findFsboResultLinks(
  doc: Document,
  pageUrl: string,
  listingId: (link: string, base: string) => string | null,
): string[] {
  const seen = new Set<string>()
  const links: string[] = []
  for (const anchor of doc.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? ''
    const id = listingId(href, pageUrl)
    if (id === null || seen.has(id)) continue
    const link = canonicalLink(href, pageUrl)
    if (link === null) continue
    seen.add(id)
    links.push(link)
  }
  return links
}
