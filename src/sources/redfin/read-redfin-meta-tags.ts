import { homeTypeFromText } from '../../listing/home-type.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { parseAreaText, parseLooseNumber } from '../../listing/parse-number.ts'
import { calendarDayInText } from '../../listing/calendar-day.ts'
import { largestPhotoUrls } from './redfin-photos.ts'
import { statusFromRedfinText } from './redfin-status.ts'
import { redfinIdFromLink } from './redfin-url.ts'

/**
 * `<meta>` tags of a Redfin page: `og:url`/canonical link (which home), the `twitter:text:*` facts
 * (street, city, state, ZIP, price, beds, baths, sqft), `og:title` ("80819 Calle Azul, La Quinta,
 * CA 92253 - 2 beds/2.5 baths"), the summary in `description` ("For Rent: 2 beds, 2.5 baths ·
 * 1,557 sq. ft. · $3274/mo · …", "Sold: … sold for $800,000 on Sep 5, 2025. …"), `og:type`
 * (`redfinrealestate:rental`) and the first photos (`og:image`, `twitter:image:photoN`). The head
 * is read in one pass.
 */

const ONE_LINE_ADDRESS = /^\s*(.+?),\s*([^,]+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/

function metaContents(doc: Document): Map<string, string> {
  const contents = new Map<string, string>()
  for (const el of (doc.querySelector('head') ?? doc).querySelectorAll('meta[content]')) {
    const key = el.getAttribute('property') ?? el.getAttribute('name')
    const content = el.getAttribute('content')?.trim()
    if (key && content && !contents.has(key)) contents.set(key, content)
  }
  return contents
}

function number(text: string | undefined): number | undefined {
  return text === undefined ? undefined : (parseLooseNumber(text) ?? undefined)
}

function numberIn(pattern: RegExp, text: string): number | undefined {
  return number(pattern.exec(text)?.[1])
}

function summaryHints(summary: string): ListingHints {
  // "For Sale: …", "(CRMLS) For Sale: …", "Sold: …"
  const head = /^(?:\([^)]*\)\s*)?([^:]{2,30}):/.exec(summary)?.[1]
  const status = head === undefined ? undefined : statusFromRedfinText(head)
  const sqft = /([\d,]+)\s*sq\.?\s*ft\b/i.exec(summary)?.[1]
  return {
    status,
    price: numberIn(/\$\s?([\d,]+(?:\.\d+)?)/, summary),
    bedrooms: numberIn(/(\d+)\s*beds?\b/i, summary),
    bathrooms: numberIn(/(\d+(?:\.\d+)?)\s*baths?\b/i, summary),
    livingAreaSqft: sqft === undefined ? undefined : (parseAreaText(sqft) ?? undefined),
    homeType: homeTypeFromText(
      /sq\.?\s*ft\.?\s+([A-Za-z][\w\s/-]{1,40}?)\s+located at\b/i.exec(summary)?.[1],
    ),
    soldDate:
      status === 'sold'
        ? calendarDayInText(
            /\bsold\b[^.]*?\bon\s+([A-Za-z]+\.?\s+\d{1,2},\s+\d{4})/i.exec(summary)?.[1] ?? '',
          )
        : undefined,
  }
}

export function readRedfinMetaHints(doc: Document): ListingHints {
  const meta = metaContents(doc)
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href')
  const sourceId =
    redfinIdFromLink(meta.get('og:url')) ??
    redfinIdFromLink(canonical) ??
    redfinIdFromLink(meta.get('twitter:url:landing_url'))

  const summary = meta.get('description') ?? meta.get('og:description') ?? ''
  const fromSummary = summaryHints(summary)
  const title = meta.get('og:title') ?? meta.get('twitter:title') ?? doc.title
  const titleAddress = ONE_LINE_ADDRESS.exec(title)

  const photoKeys = ['og:image', ...Array.from({ length: 10 }, (_, n) => `twitter:image:photo${n}`)]
  const photos = largestPhotoUrls(photoKeys.map((key) => meta.get(key)))

  return {
    ...fromSummary,
    sourceId: sourceId ?? undefined,
    street: meta.get('twitter:text:street_address') ?? titleAddress?.[1],
    city: meta.get('twitter:text:city') ?? titleAddress?.[2],
    state: meta.get('twitter:text:state_code') ?? titleAddress?.[3],
    zip: meta.get('twitter:text:zip') ?? titleAddress?.[4],
    price: number(meta.get('twitter:text:price')) ?? fromSummary.price,
    bedrooms: number(meta.get('twitter:text:beds')) ?? fromSummary.bedrooms,
    bathrooms: number(meta.get('twitter:text:baths')) ?? fromSummary.bathrooms,
    livingAreaSqft: number(meta.get('twitter:text:sqft')) ?? fromSummary.livingAreaSqft,
    status:
      fromSummary.status ?? (/rental/i.test(meta.get('og:type') ?? '') ? 'for_rent' : undefined),
    photos: photos.length > 0 ? photos : undefined,
  }
}
