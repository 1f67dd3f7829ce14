import { sql, type Kysely } from 'kysely'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { lastUtcDays, utcMonthStart } from './days.ts'

/**
 * API calls and what they were. `calls` may exceed `listings + leads` on days from before the
 * kind was recorded (migration 0012, docs/usage.md).
 */
export interface CallCounts {
  calls: number
  listings: number
  leads: number
}

export interface DailyCallCounts extends CallCounts {
  date: string
}

export interface UsageSummary {
  total: CallCounts
  lastSevenDays: CallCounts
  thisMonth: CallCounts
  /** Exactly 7 entries, oldest first, today last, days without calls as 0. */
  series: DailyCallCounts[]
  /** The account holds a converted listing / a saved lead (the first-run checklist's steps). */
  hasListing: boolean
  hasLead: boolean
}

type Sum = number | string | null
const COLUMNS = { calls: 'count', listings: 'listings', leads: 'leads' } as const

/**
 * The dashboard's analytics from the per-day counters: one aggregate over the user's rows (a
 * range of the primary key) and the last seven rows. Costs the same at ten calls or ten million;
 * the two `exists` stop at the first row of an index on the user.
 */
const totalsQuery = preparedQuery(
  (db, userId: string, weekStart: string, monthStart: string, today: string) => {
    const sums = Object.entries(COLUMNS).flatMap(([key, column]) => {
      const value = sql.ref(column)
      return [
        sql<Sum>`sum(${value})`.as(`total_${key}`),
        sql<Sum>`sum(case when day >= ${weekStart} and day <= ${today} then ${value} else 0 end)`.as(
          `week_${key}`,
        ),
        sql<Sum>`sum(case when day >= ${monthStart} and day <= ${today} then ${value} else 0 end)`.as(
          `month_${key}`,
        ),
      ]
    })
    return db
      .selectFrom('api_usage_daily')
      .select([
        ...sums,
        sql<
          boolean | number
        >`exists (select 1 from listings where listings.user_id = ${userId})`.as('has_listing'),
        sql<boolean | number>`exists (select 1 from leads where leads.user_id = ${userId})`.as(
          'has_lead',
        ),
      ])
      .where('user_id', '=', userId)
  },
)

const recentQuery = preparedQuery((db, userId: string, weekStart: string, today: string) =>
  db
    .selectFrom('api_usage_daily')
    .select(['day', 'count', 'listings', 'leads'])
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
  // pg answers sums of integers as bigint/numeric text; SQLite as numbers; null with no rows.
  const sums = (totals ?? {}) as Record<string, Sum | undefined>
  const counts = (window: 'total' | 'week' | 'month'): CallCounts => ({
    calls: Number(sums[`${window}_calls`] ?? 0),
    listings: Number(sums[`${window}_listings`] ?? 0),
    leads: Number(sums[`${window}_leads`] ?? 0),
  })
  const byDay = new Map(recent.map((row) => [row.day, row]))
  return {
    total: counts('total'),
    lastSevenDays: counts('week'),
    thisMonth: counts('month'),
    series: days.map((date) => {
      const row = byDay.get(date)
      return {
        date,
        calls: row?.count ?? 0,
        listings: row?.listings ?? 0,
        leads: row?.leads ?? 0,
      }
    }),
    // SQLite answers exists as 0/1, PostgreSQL as a boolean.
    hasListing: Boolean(totals?.has_listing),
    hasLead: Boolean(totals?.has_lead),
  }
}
