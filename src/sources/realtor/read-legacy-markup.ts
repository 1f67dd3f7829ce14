import { homeTypeFromText } from '../../listing/home-type.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { statusFromText } from '../../listing/listing-status.ts'
import { parseAreaText, parseLooseNumber } from '../../listing/parse-number.ts'
import { factsFromFeatureGroups, type FeatureGroup } from './read-feature-groups.ts'
import { galleryPhotoUrls } from './realtor-photos.ts'
import { realtorIdFromLink } from './realtor-url.ts'

/**
 * Realtor.com's older server-rendered listing pages (until about 2019) carry no page data, only
 * markup: schema.org microdata for the address and price, `data-label="property-meta-*"` for beds,
 * baths and areas, key facts, the remarks, the hero carousel, "Property Features" and the
 * "Presented by / Brokered by" cards. The page lists nearby homes in the same markup, so every read
 * starts from one of the listing's own sections, found by id (which also keeps each read small).
 */

function text(el: Element | null | undefined): string | undefined {
  const t = el?.textContent.replace(/\s+/g, ' ').trim()
  return t === '' ? undefined : t
}

function number(el: Element | null | undefined): number | undefined {
  const t = text(el)
  return t === undefined ? undefined : (parseLooseNumber(t) ?? undefined)
}

/** The first match of `selector` inside the first of the sections (by id) that has one. */
function within(doc: Document, ids: readonly string[], selector: string): Element | undefined {
  for (const id of ids) {
    const found = doc.getElementById(id)?.querySelector(selector)
    if (found) return found
  }
  return undefined
}

/** Whether the page is one of these. */
export function hasLegacyListingMarkup(doc: Document): boolean {
  return (
    doc.getElementById('ldp-address') !== null || doc.getElementById('ldp-property-meta') !== null
  )
}

function featureGroups(doc: Document): FeatureGroup[] {
  const groups: FeatureGroup[] = []
  for (const heading of doc.getElementById('ldp-detail-features')?.querySelectorAll('h4') ?? []) {
    const category = text(heading)
    const next = heading.nextElementSibling
    if (category === undefined || !next) continue
    const items = [...next.querySelectorAll('li')].map(text).filter((t) => t !== undefined)
    groups.push({ category, items })
  }
  return groups
}

function photoUrls(doc: Document): string[] {
  const urls: string[] = []
  for (const img of doc.getElementById('ldpHeroCarousel')?.querySelectorAll('img') ?? []) {
    // Thumbnails and the lead form's backdrop repeat gallery photos at other sizes.
    if (img.closest('.background-item, .ldp-herocarousel-leadwrapper')) continue
    const src = img.getAttribute('data-src') || img.getAttribute('src')
    if (src) urls.push(src)
  }
  return galleryPhotoUrls(urls)
}

export function readLegacyMarkup(doc: Document): ListingHints {
  const address = doc.getElementById('ldp-address')
  const meta = doc.getElementById('ldp-property-meta')
  const canonical = (doc.querySelector('head') ?? doc)
    .querySelector('link[rel="canonical"]')
    ?.getAttribute('href')
  const facts = factsFromFeatureGroups(featureGroups(doc))
  const keyFacts = doc.getElementById('ldp-detail-keyfacts')
  const typeText = text(keyFacts?.querySelector('[data-label="property-type"] .key-fact-data'))
  const lotText = text(meta?.querySelector('[data-label="property-meta-lotsize"]'))
  const price = doc
    .getElementById('ldp-pricewrap')
    ?.querySelector('[itemprop="price"]')
    ?.getAttribute('content')
  const status = text(
    within(doc, ['listing-header', 'ldp-hero-container'], '[data-label="property-meta-status"]'),
  )
  const agentName = text(
    within(
      doc,
      ['ldp-additional-info', 'ldp-branding'],
      '[data-label="additional-agent-name"], [data-label="branding-agent-name"]',
    ),
  )
  const brokerName = text(
    within(
      doc,
      ['ldp-additional-info', 'ldp-branding'],
      '[data-label="additional-office-link"], [data-label="branding-office-name"]',
    ),
  )
  // The broker's card shows the office's number; the agent's card shows none.
  const officePhone = text(
    within(doc, ['ldp-additional-info'], '[data-label="additional-office-phone"]'),
  )

  return {
    sourceId: realtorIdFromLink(canonical) ?? undefined,
    street: text(address?.querySelector('[itemprop="streetAddress"]')),
    city: text(address?.querySelector('[itemprop="addressLocality"]')),
    state: text(address?.querySelector('[itemprop="addressRegion"]')),
    zip: text(address?.querySelector('[itemprop="postalCode"]')),
    price: price ? (parseLooseNumber(price) ?? undefined) : undefined,
    status: status === undefined ? undefined : statusFromText(status),
    // The MLS's subtype ("condo") is plainer than the key fact's "Condo/townhome/row home/co-op".
    homeType: homeTypeFromText(facts.propertyType) ?? homeTypeFromText(typeText),
    bedrooms: number(meta?.querySelector('[data-label="property-meta-beds"] .data-value')),
    bathrooms: number(meta?.querySelector('[data-label^="property-meta-bath"] .data-value')),
    livingAreaSqft: number(meta?.querySelector('[data-label="property-meta-sqft"] .data-value')),
    lotSizeSqft: lotText === undefined ? undefined : (parseAreaText(lotText) ?? undefined),
    yearBuilt: number(keyFacts?.querySelector('[data-label="property-year"] .key-fact-data')),
    description: text(doc.getElementById('ldp-detail-romance')),
    photos: photoUrls(doc),
    heating: facts.heating,
    cooling: facts.cooling,
    laundry: facts.laundry.length > 0 ? facts.laundry.join(', ') : undefined,
    parking: facts.parking,
    agent: agentName === undefined ? undefined : { name: agentName },
    broker:
      brokerName === undefined
        ? undefined
        : officePhone === undefined
          ? { name: brokerName }
          : { name: brokerName, phone: officePhone },
  }
}
