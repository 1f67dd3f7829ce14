import { sql } from 'kysely'
import { routes } from '../../api/routes.ts'
import {
  FILL_REPORT_LIMITS,
  type FieldHealth,
  type FillReportsSummary,
} from '../../api/schemas/fill-reports.ts'
import { FORM_FIELD_KEYS, type FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'
import { preparedQuery } from '../db/prepared.ts'
import { defineRoute } from '../http/define-route.ts'
import { lastUtcDays } from '../usage/days.ts'
import { requireAdmin } from '../users/admins.ts'

const DAY_MS = 86_400_000

// Healthy means filled by the profile's own texts. A fill by a label an agent taught (`taught`)
// worked for that agent only: the profile still lacks the label, so the field stays red.
const filledCount = sql<number | string | null>`sum(case when outcome = 'filled' then 1 else 0 end)`
const notFoundCount = sql<
  number | string | null
>`sum(case when outcome = 'not_found' then 1 else 0 end)`
const dayOf = sql<string>`substr(created_at, 1, 10)`

/** Per field and UTC day in the window: grouped on the (created_at, field, outcome) index. */
const perDayQuery = preparedQuery((db, from: string, until: string) =>
  db
    .selectFrom('fill_report_fields')
    .select([
      'field',
      dayOf.as('day'),
      sql<number | string>`count(*)`.as('fills'),
      filledCount.as('filled'),
      notFoundCount.as('not_found'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(['field', dayOf]),
)

const reportsQuery = preparedQuery((db, from: string, until: string) =>
  db
    .selectFrom('fill_reports')
    .select(sql<number | string>`count(*)`.as('reports'))
    .where('created_at', '>=', from)
    .where('created_at', '<', until),
)

const taughtQuery = preparedQuery((db, from: string, until: string) =>
  db
    .selectFrom('fill_report_fields')
    .select(['field', 'label', sql<number | string>`count(*)`.as('count')])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .where('outcome', '=', 'taught')
    .where('label', 'is not', null)
    .groupBy(['field', 'label']),
)

/** One field's last fills, whenever they were: a seek on the (field, created_at) index. */
const recentQuery = preparedQuery((db, field: string) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('fill_report_fields')
        .select('outcome')
        .where('field', '=', field as FormFieldKey)
        .orderBy('created_at', 'desc')
        .limit(FILL_REPORT_LIMITS.recentFills)
        .as('recent'),
    )
    .select([sql<number | string>`count(*)`.as('fills'), filledCount.as('filled')]),
)

function rate(filled: number, fills: number): number | null {
  return fills === 0 ? null : filled / fills
}

/**
 * GET /admin/marketplace/fill-reports?days=N, operators only: per field of the form, how fills
 * went over the last N UTC days (today included) and over its last fills, which raise the alert.
 */
export default defineRoute(routes.fillReportsSummary, async ({ query, userId }, ctx) => {
  await requireAdmin(ctx, userId)
  const days = lastUtcDays(ctx.clock(), query.days)
  const from = `${days[0] ?? ''}T00:00:00.000Z`
  const until = new Date(
    Date.parse(`${days[days.length - 1] ?? ''}T00:00:00.000Z`) + DAY_MS,
  ).toISOString()
  const [perDay, [reports], taught, recent] = await Promise.all([
    perDayQuery(ctx.db, from, until),
    reportsQuery(ctx.db, from, until),
    taughtQuery(ctx.db, from, until),
    Promise.all(FORM_FIELD_KEYS.map(async (field) => (await recentQuery(ctx.db, field))[0])),
  ])

  // pg answers counts and sums as text, SQLite as numbers; sums are null without rows.
  const counts = new Map<string, { fills: number; filled: number; not_found: number }>()
  for (const row of perDay) {
    counts.set(`${row.field} ${row.day}`, {
      fills: Number(row.fills),
      filled: Number(row.filled ?? 0),
      not_found: Number(row.not_found ?? 0),
    })
  }
  const labels = new Map<string, { label: string; count: number }[]>()
  for (const row of taught) {
    if (row.label === null) continue
    const list = labels.get(row.field) ?? []
    list.push({ label: row.label, count: Number(row.count) })
    labels.set(row.field, list)
  }

  const fields = FORM_FIELD_KEYS.map((field, i): FieldHealth => {
    const per_day = days.map((date) => ({
      date,
      ...(counts.get(`${field} ${date}`) ?? { fills: 0, filled: 0, not_found: 0 }),
    }))
    const fills = per_day.reduce((sum, d) => sum + d.fills, 0)
    const filled = per_day.reduce((sum, d) => sum + d.filled, 0)
    const recentFills = Number(recent[i]?.fills ?? 0)
    const recentFilled = Number(recent[i]?.filled ?? 0)
    const recentRate = rate(recentFilled, recentFills)
    return {
      field,
      fills,
      filled,
      not_found: per_day.reduce((sum, d) => sum + d.not_found, 0),
      rate: rate(filled, fills),
      per_day,
      recent: { fills: recentFills, filled: recentFilled, rate: recentRate },
      alert: recentRate !== null && recentRate < FILL_REPORT_LIMITS.healthyRate,
      taught_labels: (labels.get(field) ?? []).sort(
        (a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
      ),
    }
  })
  const summary: FillReportsSummary = {
    days: query.days,
    reports: Number(reports?.reports ?? 0),
    fields,
  }
  return { data: summary }
})
