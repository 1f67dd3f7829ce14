import { areaToSquareFeet, parseAreaText, parseLooseNumber } from '../listing/parse-number.ts'
import type { LeadFields } from './fsbo-lead.ts'
import { emailIn, phoneAsShown, positiveOrNull, textOfElement } from './lead-text.ts'

/**
 * schema.org microdata (`itemscope` / `itemprop`) on an FSBO listing page: the residence's
 * `address` (`PostalAddress`), `numberOfBedrooms`, `numberOfBathroomsTotal`, `floorSize`, `image`,
 * the `offers` price and the owner as `seller` (`Person`: `name`, `telephone`, `email`).
 */

/** An item property's value as microdata defines it: `content`, then `src`/`href`, then text. */
function propValue(element: Element | null): string | null {
  if (!element) return null
  const content = element.getAttribute('content')
  if (content !== null) return content.trim() === '' ? null : content.trim()
  const tag = element.tagName.toLowerCase()
  if (tag === 'img' || tag === 'source') return element.getAttribute('src')
  if (tag === 'a' || tag === 'link') return element.getAttribute('href')
  if (tag === 'time') return element.getAttribute('datetime') ?? textOfElement(element)
  return textOfElement(element)
}

function prop(root: ParentNode, selector: string): string | null {
  return propValue(root.querySelector(selector))
}

/** A phone as the page shows it: a `tel:` link's text before its `href`. */
function shownPhone(element: Element | null): string | null {
  return phoneAsShown(textOfElement(element)) ?? phoneAsShown(propValue(element))
}

function numberProp(root: ParentNode, selector: string): number | null {
  const text = prop(root, selector)
  return text === null ? null : positiveOrNull(parseLooseNumber(text))
}

function floorSize(root: ParentNode): number | null {
  const size = root.querySelector('[itemprop="floorSize"]')
  if (!size) return null
  const value = prop(size, '[itemprop="value"]')
  if (value === null) return parseAreaText(propValue(size) ?? '')
  return areaToSquareFeet(parseLooseNumber(value) ?? NaN, prop(size, '[itemprop="unitCode"]'))
}

function absoluteUrl(link: string | null, pageUrl: string): string | null {
  if (link === null) return null
  try {
    const url = new URL(link, pageUrl)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export function readMicrodataLead(doc: Document, pageUrl: string): LeadFields {
  const seller = doc.querySelector('[itemprop="seller"][itemscope]')
  const address = doc.querySelector('[itemprop="address"][itemscope]')
  return {
    owner_name: seller ? prop(seller, '[itemprop="name"]') : null,
    phone: seller ? shownPhone(seller.querySelector('[itemprop="telephone"]')) : null,
    email: seller ? emailIn(prop(seller, '[itemprop="email"]')) : null,
    address: address
      ? {
          street: prop(address, '[itemprop="streetAddress"]'),
          city: prop(address, '[itemprop="addressLocality"]'),
          state: prop(address, '[itemprop="addressRegion"]'),
          zip: prop(address, '[itemprop="postalCode"]'),
        }
      : {},
    price: numberProp(doc, '[itemprop="offers"] [itemprop="price"]'),
    beds:
      numberProp(doc, '[itemprop="numberOfBedrooms"]') ??
      numberProp(doc, '[itemprop="numberOfRooms"]'),
    baths: numberProp(doc, '[itemprop="numberOfBathroomsTotal"]'),
    living_area_sqft: floorSize(doc),
    photo_url: absoluteUrl(prop(doc, '[itemprop="image"]'), pageUrl),
  }
}
