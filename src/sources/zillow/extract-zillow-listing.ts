import { buildListing } from '../../listing/build-listing.ts'
import { extractionFailure, type ListingExtraction } from '../../listing/listing-extraction.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { isBotCheckPage } from './detect-bot-check.ts'
import { findPropertyObject, SEARCH_PAGE } from './find-property-object.ts'
import { propertyToHints } from './property-to-hints.ts'
import { readJsonLdHints } from './read-json-ld.ts'
import { readMetaHints } from './read-meta-tags.ts'
import {
  addressHintsFromUrl,
  canonicalListingUrl,
  isZillowPageUrl,
  listingZpidFromUrl,
} from './zillow-url.ts'

/**
 * The normalized listing on a Zillow page, or why there is none.
 *
 * Sources, most trusted first: the embedded property object (any page generation), then JSON-LD,
 * then `<meta>` tags, then the URL's slug (state and ZIP), each filling only what the ones before
 * it lack. Every source that says which home it describes must name the zpid in the page's URL:
 * Zillow navigates between homes without reloading, and the embedded data stays that of the first
 * page. Pure: reads the document, changes nothing.
 */
export function extractZillowListing(doc: Document, pageUrl: string): ListingExtraction {
  // Other sites use the same bot check; only Zillow's is ours to explain.
  if (!isZillowPageUrl(pageUrl)) return extractionFailure('not-a-listing', 'zillow')
  if (isBotCheckPage(doc)) return extractionFailure('bot-check', 'zillow')

  const zpid = listingZpidFromUrl(pageUrl)
  if (zpid === null) return extractionFailure('not-a-listing', 'zillow')

  const found = findPropertyObject(doc)
  // A listing URL over a search page's data: the agent clicked a home in the results.
  if (found === SEARCH_PAGE) return extractionFailure('stale-page', 'zillow')
  if (found && found.zpid !== null && found.zpid !== zpid)
    return extractionFailure('stale-page', 'zillow')

  const jsonLd = readJsonLdHints(doc, zpid)
  const meta = readMetaHints(doc)
  const metaIsOurs = meta.sourceId === undefined || meta.sourceId === zpid

  const sources: ListingHints[] = []
  if (found) {
    const hints = propertyToHints(found.property)
    if (hints.status === undefined && found.rentalQuery) hints.status = 'for_rent'
    sources.push(hints)
  }
  if (jsonLd.hints) sources.push(jsonLd.hints)
  if (metaIsOurs) sources.push(meta)
  sources.push(addressHintsFromUrl(pageUrl))

  const listing = buildListing({
    source: 'zillow',
    sourceId: zpid,
    url: canonicalListingUrl(pageUrl),
    hints: sources,
  })
  if (listing) return { ok: true, listing }
  const sawAnotherHome = jsonLd.otherListingSeen || !metaIsOurs
  return extractionFailure(!found && sawAnotherHome ? 'stale-page' : 'no-data', 'zillow')
}
