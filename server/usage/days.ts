export const DAY_MS = 86_400_000

/** `YYYY-MM-DD` of the UTC day the instant falls in. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The last `count` UTC days, oldest first, ending with today. */
export function lastUtcDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * DAY_MS)))
}

/** The first day of the UTC month the instant falls in. */
export function utcMonthStart(now: Date): string {
  return `${utcDay(now).slice(0, 7)}-01`
}
