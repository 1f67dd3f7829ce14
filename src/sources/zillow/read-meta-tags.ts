import type { ListingHints } from '../../listing/listing-hints.ts'
import { parseLooseNumber } from '../../listing/parse-number.ts'
import { parseOneLineAddress, parseZillowSummary } from './parse-zillow-summary.ts'
import { zpidFromLink } from './zillow-url.ts'

/**
 * `<meta>` tags of a Zillow listing page: `og:url`/canonical link (which home), `og:title`
 * ("661 Lakeview Ave, San Francisco, CA 94112 | MLS #… | Zillow"), the one-sentence summary in
 * `og:description`/`description`, `og:image`, and the `zillow_fb:*` tags (beds, baths, address)
 * older pages carry. Attribute values come already decoded from the DOM.
 */

function meta(doc: Document, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const el =
      doc.querySelector(`meta[property="${key}"]`) ?? doc.querySelector(`meta[name="${key}"]`)
    const content = el?.getAttribute('content')?.trim()
    if (content) return content
  }
  return undefined
}

function number(text: string | undefined): number | undefined {
  return text === undefined ? undefined : (parseLooseNumber(text) ?? undefined)
}

export function readMetaHints(doc: Document): ListingHints {
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href')
  const zpid = zpidFromLink(meta(doc, 'og:url')) ?? zpidFromLink(canonical)

  const summary = meta(doc, 'og:description', 'zillow_fb:description', 'description')
  const fromSummary = summary === undefined ? {} : parseZillowSummary(summary)

  const addressLine = meta(doc, 'og:zillow_fb:address', 'zillow_fb:address')
  const titleAddress = meta(doc, 'og:title')?.split('|')[0]
  const address =
    (addressLine === undefined ? undefined : parseOneLineAddress(addressLine)) ??
    (titleAddress === undefined ? undefined : parseOneLineAddress(titleAddress))

  const image = meta(doc, 'og:image')
  return {
    ...fromSummary,
    ...address,
    sourceId: zpid ?? undefined,
    bedrooms: number(meta(doc, 'zillow_fb:beds')) ?? fromSummary.bedrooms,
    bathrooms: number(meta(doc, 'zillow_fb:baths')) ?? fromSummary.bathrooms,
    price: number(meta(doc, 'product:price:amount', 'zillow_fb:price')) ?? fromSummary.price,
    // A summary sentence is not the listing's remarks.
    description: undefined,
    photos: image === undefined ? undefined : [image],
  }
}
