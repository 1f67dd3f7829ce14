/**
 * How visible texts are compared: Unicode-normalized, case-folded, whitespace collapsed, curly
 * quotes straightened, and a trailing required-marker ("*") or colon dropped, so "Price *" and
 * "price:" both read as "price".
 */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[*:]+$/, '')
    .toLowerCase()
}

/** The first of `candidates` that `text` equals (normalized), or null. */
export function matchingText(text: string | null | undefined, candidates: readonly string[]) {
  const normalized = normalizeText(text)
  if (normalized === '') return null
  return candidates.find((candidate) => normalizeText(candidate) === normalized) ?? null
}

/** Values as the form shows them, for checking a value was taken: "$3,450" reads as "3450". */
export function sameValue(shown: string, intended: string, numeric: boolean): boolean {
  if (numeric) return shown.replace(/[^\d.]/g, '') === intended.replace(/[^\d.]/g, '')
  return shown.replace(/\s+/g, ' ').trim() === intended.replace(/\s+/g, ' ').trim()
}
