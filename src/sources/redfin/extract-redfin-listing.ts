import { buildListing } from '../../listing/build-listing.ts'
import { extractionFailure, type ListingExtraction } from '../../listing/listing-extraction.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { isRedfinBotCheck } from './detect-redfin-bot-check.ts'
import { findRedfinData } from './find-redfin-data.ts'
import { readRedfinJsonLd } from './read-redfin-json-ld.ts'
import { readRedfinMetaHints } from './read-redfin-meta-tags.ts'
import { redfinDataHints, redfinDataIds } from './redfin-data-hints.ts'
import { largestPhotoUrls } from './redfin-photos.ts'
import {
  addressHintsFromRedfinUrl,
  canonicalRedfinUrl,
  isRedfinPageUrl,
  redfinListingIdFromUrl,
} from './redfin-url.ts'

/**
 * The normalized listing on a Redfin page, or why there is none.
 *
 * Sources, most trusted first: the page's data cache (each API answer found by its shape), then
 * JSON-LD, then `<meta>` tags, then the URL (state and ZIP), each filling only what the ones before
 * it lack. The data must be about the home the URL names: Redfin navigates between homes without
 * reloading, and the data of the first page stays behind. Pure: reads the document, changes
 * nothing.
 */
export function extractRedfinListing(doc: Document, pageUrl: string): ListingExtraction {
  // Other sites use the same WAF; only Redfin's is ours to explain.
  if (!isRedfinPageUrl(pageUrl)) return extractionFailure('not-a-listing', 'redfin')
  if (isRedfinBotCheck(doc)) return extractionFailure('bot-check', 'redfin')

  const listingId = redfinListingIdFromUrl(pageUrl)
  if (listingId === null) return extractionFailure('not-a-listing', 'redfin')

  // One walk of the page for both readers of scripts.
  const scripts = Array.from(doc.querySelectorAll('script'))
  const found = findRedfinData(doc, listingId, scripts)
  const dataIds = found ? redfinDataIds(found) : []
  if (dataIds.some((id) => id !== listingId)) return extractionFailure('stale-page', 'redfin')
  // Data that never says which home it is about may be the previous home's: it is not used.
  const data = dataIds.length > 0 ? found : null

  const fromData = data ? redfinDataHints(data, listingId) : undefined
  const jsonLd = readRedfinJsonLd(doc, listingId, scripts)
  const meta = readRedfinMetaHints(doc)
  const metaIsOurs = meta.sourceId === undefined || meta.sourceId === listingId

  const sources: ListingHints[] = []
  if (fromData) sources.push(fromData)
  if (fromData?.photos === undefined) {
    // Without the gallery, JSON-LD's one image and the meta tags' few make the photos together.
    const photos = largestPhotoUrls([
      ...(jsonLd.hints?.photos ?? []),
      ...(metaIsOurs ? (meta.photos ?? []) : []),
    ])
    if (photos.length > 0) sources.push({ photos })
  }
  if (jsonLd.hints) {
    // "Sold: …" in the summary says more than JSON-LD's OutOfStock (and gives the date); a
    // summary that says less ("For Sale") never overrules JSON-LD's sold or off market.
    const metaSaysMore = metaIsOurs && (meta.status === 'sold' || meta.status === 'off_market')
    sources.push(metaSaysMore ? { ...jsonLd.hints, status: undefined } : jsonLd.hints)
  }
  if (metaIsOurs) sources.push(meta)
  sources.push(addressHintsFromRedfinUrl(pageUrl))

  const listing = buildListing({
    source: 'redfin',
    sourceId: listingId,
    url: canonicalRedfinUrl(pageUrl),
    hints: sources,
  })
  if (listing) return { ok: true, listing }
  const sawAnotherHome = jsonLd.otherListingSeen || !metaIsOurs
  return extractionFailure(!data && sawAnotherHome ? 'stale-page' : 'no-data', 'redfin')
}
