import type { LeadAddress } from '../../api/schemas/leads.ts'
import { cleanInlineText } from '../listing/clean-text.ts'

/** An element's text split at `<br>`s, each line tidied, empty lines dropped. */
export function textLinesOf(element: Element): string[] {
  const lines: string[] = ['']
  const visit = (node: Node) => {
    if (node.nodeType === 1 && (node as Element).tagName.toLowerCase() === 'br') lines.push('')
    else if (node.nodeType === 3) lines.push(`${lines.pop() ?? ''}${node.textContent ?? ''}`)
    else node.childNodes.forEach(visit)
  }
  element.childNodes.forEach(visit)
  return lines.map(cleanInlineText).filter((line) => line !== '')
}

const CITY_STATE_ZIP = /^(.*?),?\s*([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/

/**
 * A printed address: "700 NE 26th Terr #804" / "Miami, FL 33137" on two lines, or one line
 * "700 NE 26th Terr #804, Miami, FL 33137". Parts it cannot place stay `null`.
 */
export function parseAddressLines(lines: readonly string[]): LeadAddress {
  const empty: LeadAddress = { street: null, city: null, state: null, zip: null }
  const joined = lines.join(', ')
  const match = CITY_STATE_ZIP.exec(joined)
  if (!match) return joined === '' ? empty : { ...empty, street: joined }
  const before = (match[1] ?? '').split(',').map((part) => part.trim())
  const city = before.length > 1 ? (before.pop() ?? null) : null
  const street = before.join(', ').trim()
  return {
    street: street === '' ? null : street,
    city: city === '' ? null : city,
    state: match[2] ?? null,
    zip: match[3] ?? null,
  }
}
