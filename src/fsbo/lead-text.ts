import { cleanInlineText } from '../listing/clean-text.ts'
import { decodeHtmlEntities } from '../listing/decode-html-entities.ts'

/**
 * One line of text from JSON or an attribute: character references decoded (JSON often carries
 * `&#39;`, `&amp;`), whitespace tidied; `null` when nothing is left.
 */
export function textFromData(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null
  const text = cleanInlineText(decodeHtmlEntities(String(raw)))
  return text === '' ? null : text
}

/** One line of an element's text (the parser has already decoded it); `null` when empty. */
export function textOfElement(element: Element | null | undefined): string | null {
  if (!element) return null
  const text = cleanInlineText(element.textContent)
  return text === '' ? null : text
}

/** A phone as shown ("(305) 555-0199", "305.555.0199"): at least 7 digits, else `null`. */
export function phoneAsShown(text: string | null | undefined): string | null {
  if (!text) return null
  const shown = /\+?\(?\d[\d\s().-]{5,}\d/.exec(text)?.[0]?.trim()
  if (!shown) return null
  return shown.replace(/\D/g, '').length >= 7 ? shown : null
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/

/** The first e-mail address in a text or a `mailto:` link (query dropped), lower-cased domain. */
export function emailIn(text: string | null | undefined): string | null {
  if (!text) return null
  let decoded = text
  try {
    decoded = decodeURIComponent(text)
  } catch {
    // a stray % in the text: read it as written
  }
  const found = EMAIL.exec(decoded)?.[0]
  if (!found) return null
  const at = found.lastIndexOf('@')
  return `${found.slice(0, at)}@${found.slice(at + 1).toLowerCase()}`
}

/** A count or amount that must be a positive finite number. */
export function positiveOrNull(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? value : null
}
