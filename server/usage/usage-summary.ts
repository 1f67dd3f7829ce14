import { sql, type Kysely } from 'kysely'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { DAY_MS, lastUtcDays, utcMonthStart } from './days.ts'

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

/** Which part of the answer a row of usageQuery is. */
type UsageRowKind = 'total' | 'month' | 'day'

/**
 * The dashboard's analytics from the per-day counters in one statement of three parts: the
 * all-time sums over the user's rows (a range of the primary key, with the two `exists`, which
 * stop at the first row of an index on the user), the month's sums (a range of it up to today)
 * and the last seven days' rows, from which the week's sums are added up. Costs the same at ten
 * calls or ten million. Plain sums over key ranges: summing every row through CASE per window
 * cost twice as much (docs/operations.md#where-usersme-spends-its-time).
 */
const usageQuery = preparedQuery(
  (db, userId: string, monthStart: string, weekStart: string, today: string) => {
    const sums = [
      sql<Sum>`sum(${sql.ref('count')})`.as('calls'),
      sql<Sum>`sum(${sql.ref('listings')})`.as('listings'),
      sql<Sum>`sum(${sql.ref('leads')})`.as('leads'),
    ]
    const noFlags = [
      sql<boolean | number | null>`null`.as('has_listing'),
      sql<boolean | number | null>`null`.as('has_lead'),
    ]
    return db
      .selectFrom('api_usage_daily')
      .select([
        sql<UsageRowKind>`'total'`.as('part'),
        sql<string | null>`null`.as('day'),
        ...sums,
        sql<
          boolean | number | null
        >`exists (select 1 from listings where listings.user_id = ${userId})`.as('has_listing'),
        sql<
          boolean | number | null
        >`exists (select 1 from leads where leads.user_id = ${userId})`.as('has_lead'),
      ])
      .where('user_id', '=', userId)
      .unionAll(
        db
          .selectFrom('api_usage_daily')
          .select([
            sql<UsageRowKind>`'month'`.as('part'),
            sql<string | null>`null`.as('day'),
            ...sums,
            ...noFlags,
          ])
          .where('user_id', '=', userId)
          .where('day', '>=', monthStart)
          .where('day', '<=', today),
      )
      .unionAll(
        db
          .selectFrom('api_usage_daily')
          .select([
            sql<UsageRowKind>`'day'`.as('part'),
            'day',
            sql<Sum>`${sql.ref('count')}`.as('calls'),
            sql<Sum>`${sql.ref('listings')}`.as('listings'),
            sql<Sum>`${sql.ref('leads')}`.as('leads'),
            ...noFlags,
          ])
          .where('user_id', '=', userId)
          .where('day', '>=', weekStart)
          .where('day', '<=', today),
      )
  },
)

/** pg answers sums of integers as bigint/numeric text, SQLite as numbers; null with no rows. */
function callCounts(row: { calls: Sum; listings: Sum; leads: Sum } | undefined): CallCounts {
  return {
    calls: Number(row?.calls ?? 0),
    listings: Number(row?.listings ?? 0),
    leads: Number(row?.leads ?? 0),
  }
}

interface Calendar {
  /** Days since the epoch, UTC: what the rest is worked out from. */
  dayNumber: number
  week: string[]
  monthStart: string
}

/**
 * The last seven days and the month's first day, formatted once per UTC day: eight date
 * formats cost ~7 µs a request. A function of the day alone, so it is never stale.
 */
let calendar: Calendar | undefined
function calendarOf(now: Date): Calendar {
  const dayNumber = Math.floor(now.getTime() / DAY_MS)
  if (calendar?.dayNumber !== dayNumber) {
    calendar = { dayNumber, week: lastUtcDays(now, 7), monthStart: utcMonthStart(now) }
  }
  return calendar
}

export async function usageSummary(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<UsageSummary> {
  const { week: days, monthStart } = calendarOf(now)
  const weekStart = days[0] ?? ''
  const today = days[days.length - 1] ?? ''
  const rows = await usageQuery(db, userId, monthStart, weekStart, today)
  const total = rows.find((row) => row.part === 'total')
  const byDay = new Map<string, CallCounts>()
  for (const row of rows)
    if (row.part === 'day' && row.day !== null) byDay.set(row.day, callCounts(row))
  const series = days.map((date) => ({ date, ...(byDay.get(date) ?? callCounts(undefined)) }))
  const lastSevenDays = callCounts(undefined)
  for (const day of series) {
    lastSevenDays.calls += day.calls
    lastSevenDays.listings += day.listings
    lastSevenDays.leads += day.leads
  }
  return {
    total: callCounts(total),
    lastSevenDays,
    thisMonth: callCounts(rows.find((row) => row.part === 'month')),
    series,
    // SQLite answers exists as 0/1, PostgreSQL as a boolean.
    hasListing: Boolean(total?.has_listing),
    hasLead: Boolean(total?.has_lead),
  }
}
