import { cleanInlineText } from '../listing/clean-text.ts'
import { parseAreaText, parseLooseNumber } from '../listing/parse-number.ts'
import type { LeadFields } from './fsbo-lead.ts'
import { emailIn, phoneAsShown, positiveOrNull, textOfElement } from './lead-text.ts'

/**
 * Facts as FSBO sites print them for people: label/value pairs in `<dl>` (`dt`/`dd`), tables
 * (`th`/`td`), `[data-label]` cells and "Label: value" list items, and the compact stats line
 * ("3 Beds · 2 Baths · 1,450 Sq Ft"). The owner's contact is read only inside the page's contact
 * box (`contactSelector`), so the site's own support number in a header or footer is never taken.
 */

export type FactPairs = Map<string, string>

function normalLabel(label: string): string {
  return cleanInlineText(label)
    .replace(/[:：]\s*$/, '')
    .toLowerCase()
}

function addPair(pairs: FactPairs, label: string | null, value: string | null): void {
  if (label === null || value === null) return
  const key = normalLabel(label)
  if (key !== '' && !pairs.has(key)) pairs.set(key, value)
}

/** Every label → value pair under `root`, first occurrence of a label wins. */
export function readFactPairs(root: ParentNode): FactPairs {
  const pairs: FactPairs = new Map()
  for (const dt of root.querySelectorAll('dt')) {
    const dd = dt.nextElementSibling
    if (dd?.tagName.toLowerCase() === 'dd') addPair(pairs, textOfElement(dt), textOfElement(dd))
  }
  for (const th of root.querySelectorAll('tr > th')) {
    const td = th.nextElementSibling
    if (td?.tagName.toLowerCase() === 'td') addPair(pairs, textOfElement(th), textOfElement(td))
  }
  for (const cell of root.querySelectorAll('[data-label]')) {
    addPair(pairs, cell.getAttribute('data-label'), textOfElement(cell))
  }
  for (const item of root.querySelectorAll('li, p')) {
    const match = /^([^:]{2,40}):\s*(.+)$/.exec(textOfElement(item) ?? '')
    if (match?.[1] && match[2]) addPair(pairs, match[1], match[2])
  }
  return pairs
}

function valueFor(pairs: FactPairs, label: RegExp): string | null {
  for (const [key, value] of pairs) if (label.test(key)) return value
  return null
}

/** "3 Beds", "2.5 Baths", "1,450 Sq Ft" anywhere in a stats line under `root`. */
function compactStat(root: ParentNode, unit: RegExp): string | null {
  for (const element of root.querySelectorAll('li, span, div')) {
    if (element.children.length > 0) continue
    const text = textOfElement(element)
    if (text && new RegExp(`^[\\d.,]+\\s*${unit.source}$`, 'i').test(text)) return text
  }
  return null
}

const LABELS = {
  price: /^(price|asking price|list price|listing price)$/,
  beds: /^(beds?|bedrooms?)$/,
  baths: /^(baths?|bathrooms?|total baths)$/,
  area: /^(sq\.? ?ft\.?|square feet|square footage|living area|home size|size)$/,
  days: /^(days on market|days listed|days on site|days on fsbo)$/,
  owner: /^(owner|seller|listed by|contact|contact name)$/,
  phone: /^(phone|telephone|owner phone|call)$/,
  email: /^(e-?mail|owner e-?mail)$/,
}

function numberOf(text: string | null): number | null {
  return text === null ? null : positiveOrNull(parseLooseNumber(text))
}

/** The owner's name, phone and e-mail as the contact box shows them. */
export function readContactBox(box: Element | null): LeadFields {
  if (!box) return {}
  const pairs = readFactPairs(box)
  const tel = box.querySelector('a[href^="tel:"]')
  const mailto = box.querySelector('a[href^="mailto:"]')
  const named = box.querySelector('[data-owner-name], .owner-name, .seller-name')
  return {
    owner_name: textOfElement(named) ?? valueFor(pairs, LABELS.owner),
    phone: phoneAsShown(textOfElement(tel)) ?? phoneAsShown(valueFor(pairs, LABELS.phone)),
    email: emailIn(mailto?.getAttribute('href')) ?? emailIn(valueFor(pairs, LABELS.email)),
  }
}

/** Price, rooms, area and days on market from the page's printed facts. */
export function readLabelledFacts(root: ParentNode): LeadFields {
  const pairs = readFactPairs(root)
  const area = valueFor(pairs, LABELS.area) ?? compactStat(root, /(sq\.? ?ft\.?|square feet)/)
  return {
    price: numberOf(valueFor(pairs, LABELS.price)),
    beds: numberOf(valueFor(pairs, LABELS.beds) ?? compactStat(root, /(beds?|bd|bedrooms?)/)),
    baths: numberOf(valueFor(pairs, LABELS.baths) ?? compactStat(root, /(baths?|ba|bathrooms?)/)),
    living_area_sqft: area === null ? null : parseAreaText(area),
    days_on_market: (() => {
      const text = valueFor(pairs, LABELS.days)
      const days = text === null ? null : parseLooseNumber(text)
      return days !== null && Number.isInteger(days) && days >= 0 ? days : null
    })(),
  }
}
