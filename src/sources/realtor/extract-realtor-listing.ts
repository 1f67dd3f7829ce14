import { buildListing } from '../../listing/build-listing.ts'
import { extractionFailure, type ListingExtraction } from '../../listing/listing-extraction.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { isRealtorBotCheck } from './detect-realtor-bot-check.ts'
import { findRealtorProperty, SEARCH_PAGE } from './find-realtor-property.ts'
import { propertyToHints } from './property-to-hints.ts'
import { hasLegacyListingMarkup, readLegacyMarkup } from './read-legacy-markup.ts'
import { readRealtorJsonLd } from './read-realtor-json-ld.ts'
import { readRealtorMetaTags } from './read-realtor-meta-tags.ts'
import {
  addressHintsFromRealtorUrl,
  canonicalRealtorUrl,
  isRealtorPageUrl,
  realtorListingIdFromUrl,
} from './realtor-url.ts'

/**
 * The normalized listing on a Realtor.com page, or why there is none.
 *
 * Sources, most trusted first: the property object of the page data (any generation), else the
 * older pages' markup, then JSON-LD, then `<meta>` tags, then the URL's slug (state and ZIP), each
 * filling only what the ones before it lack. Every source that says which home it describes must
 * name the property id in the page's URL: Realtor.com navigates between homes without reloading,
 * and the page data stays that of the first home. Pure: reads the document, changes nothing.
 */
export function extractRealtorListing(doc: Document, pageUrl: string): ListingExtraction {
  // Other sites use the same bot checks; only Realtor.com's is ours to explain.
  if (!isRealtorPageUrl(pageUrl)) return extractionFailure('not-a-listing', 'realtor')
  if (isRealtorBotCheck(doc)) return extractionFailure('bot-check', 'realtor')

  const id = realtorListingIdFromUrl(pageUrl)
  if (id === null) return extractionFailure('not-a-listing', 'realtor')

  const found = findRealtorProperty(doc)
  // A listing URL over a results page's data: the agent clicked a home in the results.
  if (found === SEARCH_PAGE) return extractionFailure('stale-page', 'realtor')
  if (found && found.id !== null && found.id !== id)
    return extractionFailure('stale-page', 'realtor')

  const sources: ListingHints[] = []
  if (found) sources.push(propertyToHints(found.property))
  else if (hasLegacyListingMarkup(doc)) {
    const legacy = readLegacyMarkup(doc)
    if (legacy.sourceId !== undefined && legacy.sourceId !== id) {
      return extractionFailure('stale-page', 'realtor')
    }
    sources.push(legacy)
  }

  const jsonLd = readRealtorJsonLd(doc, id)
  const meta = readRealtorMetaTags(doc)
  const metaIsOurs = meta.sourceId === undefined || meta.sourceId === id
  if (jsonLd.hints) sources.push(jsonLd.hints)
  if (metaIsOurs) sources.push(meta)
  sources.push(addressHintsFromRealtorUrl(pageUrl))

  const listing = buildListing({
    source: 'realtor',
    sourceId: id,
    url: canonicalRealtorUrl(pageUrl),
    hints: sources,
  })
  if (listing) return { ok: true, listing }
  const sawAnotherHome = jsonLd.otherListingSeen || !metaIsOurs
  return extractionFailure(!found && sawAnotherHome ? 'stale-page' : 'no-data', 'realtor')
}
