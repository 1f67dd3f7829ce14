import type { ListingHints } from '../../listing/listing-hints.ts'
import { parseLooseNumber } from '../../listing/parse-number.ts'
import { galleryPhotoUrls } from './realtor-photos.ts'
import { realtorIdFromLink } from './realtor-url.ts'

/**
 * `<meta>` tags of a Realtor.com listing page: which home (canonical link, `og:url`), the address
 * (`og:street-address`, `og:locality`, `og:region`, `og:postal-code` on older pages; the title
 * "12355 Attlee Dr, Houston, TX 77077 | realtor.com®"), the summary sentence of `description`
 * ("View 24 photos of this 4 bed, 2.5 bath, 2,122 Sq. Ft. single family home at … on sale now for
 * $345,000.") and `og:image`. Only the head is read: that is where they are, and it is small.
 */

function meta(doc: Document, ...keys: string[]): string | undefined {
  // A page's script may have removed its head; then the whole document is read.
  const head = doc.querySelector('head') ?? doc
  for (const key of keys) {
    const el =
      head.querySelector(`meta[property="${key}"]`) ?? head.querySelector(`meta[name="${key}"]`)
    const content = el?.getAttribute('content')?.trim()
    if (content) return content
  }
  return undefined
}

/** "5804 Cedar Glen Ln, Bakersfield, CA 93313" (anything after " | " or " - " left out). */
function parseRealtorAddressLine(
  text: string,
): Pick<ListingHints, 'street' | 'city' | 'state' | 'zip'> | undefined {
  const line = text.split(/\s+[|–-]\s+/)[0] ?? ''
  const match = /^(.+?),\s*([^,]+?),\s*([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/.exec(line.trim())
  if (!match) return undefined
  return { street: match[1], city: match[2], state: match[3], zip: match[4] }
}

function number(match: RegExpExecArray | null): number | undefined {
  return match?.[1] === undefined ? undefined : (parseLooseNumber(match[1]) ?? undefined)
}

/** Beds, baths, area, price and status from the summary sentence. */
export function parseRealtorSummary(text: string): ListingHints {
  const t = text.replace(/\s+/g, ' ')
  const status = /\bfor rent\b/i.test(t)
    ? 'for_rent'
    : /\bsold\b/i.test(t)
      ? 'sold'
      : /\b(on sale|for sale)\b/i.test(t)
        ? 'for_sale'
        : undefined
  return {
    bedrooms: number(/(\d+) beds?\b/i.exec(t)),
    bathrooms: number(/(\d+(?:\.\d+)?) baths?\b/i.exec(t)),
    livingAreaSqft: number(/([\d,]+) (?:sq\.? ?ft|sqft|square feet)/i.exec(t)),
    price: number(/\$([\d,]+(?:\.\d+)?)/.exec(t)),
    status,
  }
}

export function readRealtorMetaTags(doc: Document): ListingHints {
  const canonical = (doc.querySelector('head') ?? doc)
    .querySelector('link[rel="canonical"]')
    ?.getAttribute('href')
  const id = realtorIdFromLink(meta(doc, 'og:url')) ?? realtorIdFromLink(canonical)

  const title = meta(doc, 'og:title', 'twitter:title')
  const fromTitle = title === undefined ? undefined : parseRealtorAddressLine(title)
  const summary = meta(doc, 'og:description', 'description')
  const image = meta(doc, 'og:image', 'twitter:image')

  return {
    ...(summary === undefined ? {} : parseRealtorSummary(summary)),
    sourceId: id ?? undefined,
    street: meta(doc, 'og:street-address') ?? fromTitle?.street,
    city: meta(doc, 'og:locality') ?? fromTitle?.city,
    state: meta(doc, 'og:region') ?? fromTitle?.state,
    zip: meta(doc, 'og:postal-code') ?? fromTitle?.zip,
    photos: image === undefined ? undefined : galleryPhotoUrls([image]),
  }
}
