/** Calendar days as the listing sites write them, as `YYYY-MM-DD` (what the contract takes). */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** The day, when it exists (no 31 June). */
function day(year: number, month: number, date: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, date))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== date) {
    return undefined
  }
  return d.toISOString().slice(0, 10)
}

/**
 * The day of a date given in epoch milliseconds. The sites send a day as their local midnight;
 * their homes' zones (US, Canada) are all behind UTC, so that midnight falls on the same day in
 * UTC. (Asking Intl for the zone costs a cold content script some 15 ms.)
 */
export function calendarDayAt(epochMs: number): string | undefined {
  // Date's own range, ±8.64e15 ms: beyond it toISOString throws.
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > 8.64e15) return undefined
  return new Date(epochMs).toISOString().slice(0, 10)
}

/**
 * "2023-04-21", "2022-06-10T21:02:49Z", "08/01/2026" or "Aug 1, 2026" (the whole text);
 * `undefined` for "Now", "Available now", "Call" and anything else.
 */
export function calendarDayFromText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const t = text.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(t)
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t)
  if (m) return day(Number(m[3]), Number(m[1]), Number(m[2]))
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t)
  if (m) {
    const month = MONTHS.indexOf((m[1] ?? '').toLowerCase())
    if (month >= 0) return day(Number(m[3]), month + 1, Number(m[2]))
  }
  return undefined
}

/** The first "SEP 5, 2025" / "September 5, 2025" inside a longer text ("Sold on Sep 5, 2025"). */
export function calendarDayInText(text: string): string | undefined {
  for (const match of text.matchAll(/\b([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/g)) {
    const month = MONTHS.indexOf((match[1] ?? '').toLowerCase()) + 1
    if (month === 0) continue
    const found = day(Number(match[3]), month, Number(match[2]))
    if (found !== undefined) return found
  }
  return undefined
}

/** A day as a JSON value may carry it: epoch milliseconds or any text above. */
export function calendarDay(value: unknown): string | undefined {
  if (typeof value === 'number') return calendarDayAt(value)
  return typeof value === 'string' ? calendarDayFromText(value) : undefined
}
