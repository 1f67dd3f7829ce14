import type { FieldHealth } from '../../../../api/schemas/fill-reports.ts'
import {
  FORM_FIELD_NAMES,
  type FormFieldKey,
} from '../../../../api/schemas/marketplace-form-profile.ts'

/** The windows an operator can look at, in days; the server's own default is 14. */
export const WINDOWS = [7, 14, 30, 90] as const
export const DEFAULT_WINDOW = 14

export function noFillsMessage(days: number): string {
  return `No fills reported in the last ${days} days`
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

/**
 * "92%", "89.6%", or "—" without fills. One decimal, so a rate just under the alert line never
 * reads as the line itself (0.896 would round to 90%).
 */
export function rateLabel(rate: number | null): string {
  return rate === null ? '—' : percent.format(rate)
}

/** Alerted fields first (the worst recent rate first), then the profile's order. */
export function sortFields(fields: readonly FieldHealth[]): FieldHealth[] {
  const order = (f: FieldHealth) => fields.indexOf(f)
  return [...fields].sort((a, b) => {
    if (a.alert !== b.alert) return a.alert ? -1 : 1
    if (a.alert) {
      const diff = (a.recent.rate ?? 1) - (b.recent.rate ?? 1)
      if (diff !== 0) return diff
    }
    return order(a) - order(b)
  })
}

/** One line of the chart: a name and a rate (0–1) per day, null on a day without fills. */
export interface RateLine {
  key: FormFieldKey | 'all'
  name: string
  rates: (number | null)[]
}

function ratio(filled: number, fills: number): number | null {
  return fills > 0 ? filled / fills : null
}

/** At most this many fields get a line of their own: more would be unreadable. */
export const MAX_FIELD_LINES = 5

/**
 * The chart's lines: every field together (all fills of all fields per day), then the alerted
 * fields, worst first, up to MAX_FIELD_LINES. Fourteen lines at once would be a tangle, and the
 * healthy fields are near the overall line anyway.
 */
export function rateLines(fields: readonly FieldHealth[]): RateLine[] {
  const days = fields[0]?.per_day ?? []
  const all: RateLine = {
    key: 'all',
    name: 'All fields',
    rates: days.map((_, i) => {
      let fills = 0
      let filled = 0
      for (const f of fields) {
        fills += f.per_day[i]?.fills ?? 0
        filled += f.per_day[i]?.filled ?? 0
      }
      return ratio(filled, fills)
    }),
  }
  const alerted = sortFields(fields)
    .filter((f) => f.alert)
    .slice(0, MAX_FIELD_LINES)
    .map((f) => ({
      key: f.field,
      name: FORM_FIELD_NAMES[f.field],
      rates: f.per_day.map((d) => ratio(d.filled, d.fills)),
    }))
  return [all, ...alerted]
}

/** The window's days (YYYY-MM-DD), from the first field: every field has every day. */
export function windowDays(fields: readonly FieldHealth[]): string[] {
  return (fields[0]?.per_day ?? []).map((d) => d.date)
}

/** Which day indexes get an x-axis label: about `most` of them, evenly, always the last. */
export function labelledDays(count: number, most = 7): number[] {
  if (count <= 0) return []
  const step = Math.max(1, Math.ceil(count / most))
  const picked: number[] = []
  for (let i = count - 1; i >= 0; i -= step) picked.unshift(i)
  return picked
}

/** The page's summary in words, for everyone and in place of the chart for screen readers. */
export function healthSummary(
  fields: readonly FieldHealth[],
  reports: number,
  days: number,
): string {
  let fills = 0
  let filled = 0
  for (const f of fields) {
    fills += f.fills
    filled += f.filled
  }
  const overall = `${reports.toLocaleString('en-US')} ${reports === 1 ? 'fill' : 'fills'} reported in the last ${days} days; ${rateLabel(ratio(filled, fills))} of their fields were filled.`
  const alerted = sortFields(fields).filter((f) => f.alert)
  if (alerted.length === 0) return `${overall} No field needs attention.`
  const names = alerted
    .map(
      (f) =>
        `${FORM_FIELD_NAMES[f.field]} (${rateLabel(f.recent.rate)} of its last ${f.recent.fills})`,
    )
    .join(', ')
  return `${overall} ${alerted.length === 1 ? '1 field needs' : `${alerted.length} fields need`} attention: ${names}.`
}
