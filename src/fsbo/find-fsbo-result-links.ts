import {
  canonicalLink,
  forSaleByOwnerListingId,
  fsboComListingId,
  isForSaleByOwnerUrl,
  isFsboComUrl,
} from './fsbo-site-urls.ts'

/**
 * The listing pages a supported FSBO search-results page links to, in page order, each once,
 * absolute (https, no query or fragment). fsbo.com: `/listings/listings/show/id/<id>/`;
 * forsalebyowner.com: `/listing/<slug>/<id>` (one listing per id, whatever the slug). Any other
 * site, or a page without such links, gives `[]`.
 */
export function findFsboResultLinks(doc: Document, pageUrl: string): string[] {
  const idOf = isFsboComUrl(pageUrl)
    ? (href: string) => fsboComListingId(href, pageUrl)
    : isForSaleByOwnerUrl(pageUrl)
      ? (href: string) => forSaleByOwnerListingId(href, pageUrl)
      : null
  if (!idOf) return []

  const seen = new Set<string>()
  const links: string[] = []
  for (const anchor of doc.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? ''
    const id = idOf(href)
    if (id === null || seen.has(id)) continue
    const link = canonicalLink(href, pageUrl)
    if (link === null) continue
    seen.add(id)
    links.push(link)
  }
  return links
}
