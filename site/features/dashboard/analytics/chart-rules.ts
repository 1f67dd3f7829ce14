/** The 7-day bar chart's rules, kept free of uPlot so they can be tested alone. */

export interface DailyUsage {
  /** UTC day, YYYY-MM-DD. */
  date: string
  /** Every API call of the day. */
  count: number
  /** Listings converted. */
  listings: number
  /** FSBO leads saved. */
  leads: number
}

/** The parts of a day's (or a total's) calls, bottom to top of its bar. */
export const CALL_KINDS = [
  { key: 'listings', label: 'Listings converted', color: '#2563eb' },
  { key: 'leads', label: 'Leads saved', color: '#c2410c' },
  // Calls from before the server recorded their kind (docs/usage.md).
  { key: 'unrecorded', label: 'Kind not recorded', color: '#64748b' },
] as const

export type CallKind = (typeof CALL_KINDS)[number]['key']

export type KindCounts = Record<CallKind, number>

/** A count and its parts; what the parts leave of the count is of unknown kind. */
export function kindCounts(usage: { count: number; listings: number; leads: number }): KindCounts {
  return {
    listings: usage.listings,
    leads: usage.leads,
    unrecorded: Math.max(0, usage.count - usage.listings - usage.leads),
  }
}

/** The kinds any of the days has: listings and leads always, unrecorded only where there are such calls. */
export function kindsShown(series: readonly DailyUsage[]): (typeof CALL_KINDS)[number][] {
  const unrecorded = series.some((day) => kindCounts(day).unrecorded > 0)
  return CALL_KINDS.filter((kind) => kind.key !== 'unrecorded' || unrecorded)
}

const KIND_WORDS: Record<CallKind, [one: string, many: string]> = {
  listings: ['listing', 'listings'],
  leads: ['lead', 'leads'],
  unrecorded: ['of unknown kind', 'of unknown kind'],
}

/** "3 listings · 1 lead", and the calls of unknown kind when there are some. */
export function kindSummary(counts: KindCounts): string {
  return CALL_KINDS.filter(({ key }) => key !== 'unrecorded' || counts[key] > 0)
    .map(({ key }) => {
      const [one, many] = KIND_WORDS[key]
      return `${counts[key].toLocaleString('en-US')} ${counts[key] === 1 ? one : many}`
    })
    .join(' · ')
}

/**
 * A day with calls is drawn at least this tall, however small next to the busiest
 * (docs/product.md#display).
 */
export const MIN_BAR_HEIGHT_PX = 20

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

/** Short weekday of a series day, read in UTC like the server's days: "2025-01-06" → "Mon". */
export function weekdayLabel(date: string): string {
  return weekday.format(utcDay(date))
}

/** The day in words for tooltips and the table: "Monday, Jan 6". */
export function dayLabel(date: string): string {
  return longDay.format(utcDay(date))
}

/** "1 API call" / "N API calls", with thousands separators. */
export function callCount(count: number): string {
  return `${count.toLocaleString('en-US')} API ${count === 1 ? 'call' : 'calls'}`
}

/** The chart's y range: zero to the busiest day, whatever the counts. */
export function busiestDay(counts: readonly number[]): number {
  return counts.reduce((max, c) => Math.max(max, c), 0)
}

export function hasCalls(series: readonly DailyUsage[]): boolean {
  return series.some((d) => d.count > 0)
}

/**
 * The y scale's forward transform given to uPlot (a custom scale, `distr: 100`), over a y range of
 * [0, busiest day] and a plotting area `plotHeightPx` tall: counts are drawn in proportion, except
 * that a non-zero day is raised to the value that is `minBarPx` tall, so one call still shows next
 * to a thousand. Zero stays zero and the busiest day fills the height. Labels and tooltips show the
 * real counts, never these values.
 */
export function minHeightScale(
  max: number,
  plotHeightPx: number,
  minBarPx = MIN_BAR_HEIGHT_PX,
): (value: number) => number {
  if (max <= 0 || plotHeightPx <= 0) return (value) => value
  const floor = (max * Math.min(minBarPx, plotHeightPx)) / plotHeightPx
  return (value) => (value > 0 ? Math.max(value, floor) : value)
}

/** How tall (px) each day's bar is drawn in a plotting area `plotHeightPx` tall. */
export function barHeights(
  counts: readonly number[],
  plotHeightPx: number,
  minBarPx = MIN_BAR_HEIGHT_PX,
): number[] {
  const max = busiestDay(counts)
  if (max === 0) return counts.map(() => 0)
  const scale = minHeightScale(max, plotHeightPx, minBarPx)
  return counts.map((c) => (Math.max(0, scale(c)) / max) * plotHeightPx)
}
