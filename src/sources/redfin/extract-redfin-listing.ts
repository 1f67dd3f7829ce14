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
  const data = findRedfinData(doc, listingId, scripts)
  if (data && redfinDataIds(data).some((id) => id !== listingId)) {
    return extractionFailure('stale-page', 'redfin')
  }

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
    // "Sold: …" in the summary says more than JSON-LD's OutOfStock.
    sources.push(metaIsOurs && meta.status ? { ...jsonLd.hints, status: undefined } : jsonLd.hints)
  }
  if (metaIsOurs) sources.push(meta)
  sources.push(addressHintsFromRedfinUrl(pageUrl))

  const listing = buildListing({
    source: 'redfin',
    sourceId: listingId,
    url: canonicalRedfinUrl(pageUrl),
    hints: sources,
  })
  if (listing) {
    // A sale date belongs to a sold home and a move-in date to a rental, whatever else said them.
    if (listing.listing_status !== 'sold') listing.sold_date = null
    if (listing.listing_status !== 'for_rent') listing.date_available = null
    return { ok: true, listing }
  }
  const sawAnotherHome = jsonLd.otherListingSeen || !metaIsOurs
  return extractionFailure(!data && sawAnotherHome ? 'stale-page' : 'no-data', 'redfin')
}
