import { decodeHtmlEntities } from './decode-html-entities.ts'

/** Every kind of horizontal space, including no-break and zero-width ones pages use for layout. */
const SPACES = /[\t\v\f \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g

/** One line: runs of whitespace (line breaks too) become one space; ends trimmed. */
export function cleanInlineText(text: string): string {
  return text
    .replace(/\r\n?|\n/g, ' ')
    .replace(SPACES, ' ')
    .trim()
}

/**
 * Several lines: line breaks kept (at most one blank line in a row), spaces inside a line
 * collapsed, each line and the whole trimmed.
 */
export function cleanMultilineText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(SPACES, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** At most `max` UTF-16 units, never ending inside a surrogate pair or in trailing space. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut.trimEnd()
}

/**
 * A listing's remarks as text: character references decoded, `<br>` as a line break, whitespace
 * tidied. `null` when nothing is left.
 */
export function cleanDescription(raw: string, max: number): string | null {
  const text = cleanMultilineText(decodeHtmlEntities(raw.replace(/<br\s*\/?>/gi, '\n')))
  return text === '' ? null : truncateText(text, max)
}
