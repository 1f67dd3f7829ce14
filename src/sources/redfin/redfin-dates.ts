/** Calendar days as Redfin gives them, as `YYYY-MM-DD`. */

/**
 * The day of a Redfin date given in epoch milliseconds (`soldDate: 1757055600000` → 2025-09-05).
 * Redfin sends a day as its local midnight; its homes' zones (US, Canada) are all behind UTC, so
 * that midnight falls on the same day in UTC. (Asking Intl for the zone costs a cold content
 * script some 15 ms.)
 */
export function calendarDayAt(epochMs: number): string | undefined {
  const date = new Date(epochMs)
  return Number.isFinite(date.getTime()) ? date.toISOString().slice(0, 10) : undefined
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** "SEP 5, 2025", "Sep 5, 2025", "September 5, 2025" → `2025-09-05`; `undefined` otherwise. */
export function calendarDayOfText(text: string): string | undefined {
  for (const match of text.matchAll(/\b([A-Za-z]{3})[A-Za-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/g)) {
    const month = MONTHS.indexOf((match[1] ?? '').toLowerCase()) + 1
    const day = Number(match[2])
    if (month === 0 || day < 1 || day > 31) continue
    return `${match[3] ?? ''}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  }
  return undefined
}
