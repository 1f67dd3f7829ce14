import { sql, type Kysely } from 'kysely'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { lastUtcDays, utcMonthStart } from './days.ts'

export interface UsageSummary {
  total: number
  lastSevenDays: number
  thisMonth: number
  /** Exactly 7 entries, oldest first, today last, days without calls as 0. */
  series: { date: string; count: number }[]
}

/**
 * The dashboard's analytics from the per-day counters: one aggregate over the user's rows (a
 * range of the primary key) and the last seven rows. Costs the same at ten calls or ten million.
 */
const totalsQuery = preparedQuery(
  (db, userId: string, weekStart: string, monthStart: string, today: string) =>
    db
      .selectFrom('api_usage_daily')
      .select([
        sql<number | string | null>`sum(count)`.as('total'),
        sql<
          number | string | null
        >`sum(case when day >= ${weekStart} and day <= ${today} then count else 0 end)`.as('week'),
        sql<
          number | string | null
        >`sum(case when day >= ${monthStart} and day <= ${today} then count else 0 end)`.as(
          'month',
        ),
      ])
      .where('user_id', '=', userId),
)

const recentQuery = preparedQuery((db, userId: string, weekStart: string, today: string) =>
  db
    .selectFrom('api_usage_daily')
    .select(['day', 'count'])
    .where('user_id', '=', userId)
    .where('day', '>=', weekStart)
    .where('day', '<=', today),
)

export async function usageSummary(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<UsageSummary> {
  const days = lastUtcDays(now, 7)
  const weekStart = days[0] ?? ''
  const today = days[days.length - 1] ?? ''
  const monthStart = utcMonthStart(now)
  const [[totals], recent] = await Promise.all([
    totalsQuery(db, userId, weekStart, monthStart, today),
    recentQuery(db, userId, weekStart, today),
  ])
  const byDay = new Map(recent.map((row) => [row.day, row.count]))
  return {
    // pg answers sums of integers as bigint/numeric text; SQLite as numbers; null with no rows.
    total: Number(totals?.total ?? 0),
    lastSevenDays: Number(totals?.week ?? 0),
    thisMonth: Number(totals?.month ?? 0),
    series: days.map((date) => ({ date, count: byDay.get(date) ?? 0 })),
  }
}
