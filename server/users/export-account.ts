import { sql } from 'kysely'
import { routes } from '../../api/routes.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { loadAgentProfile } from './agent-profiles.ts'

/** A stored JSON column as the value it holds; a row that does not parse is given as stored. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * GET /users/export: everything held on the account in one JSON object (the right of access),
 * offered as a file to save. Rows go out with every column, so a column added later is exported
 * without anyone remembering to; the only ones left out are secrets: the password hash, token
 * hashes, the CRM webhook's signing secret and the Follow Up Boss key (its last four only).
 */
export default defineRoute(routes.exportAccount, async ({ userId, reply }, ctx) => {
  const db = ctx.db
  const account = await db
    .selectFrom('users')
    .select([
      'id',
      'full_name',
      'email',
      'phone',
      'email_verified_at',
      'created_at',
      'updated_at',
      'trial_end',
      'pending_email',
    ])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!account) throw new AppError(401, SESSION_ENDED_MESSAGE)

  const mine = <T extends { user_id: unknown }>(rows: T[]) =>
    rows.map(({ user_id: _user, ...rest }) => rest)
  const listings = await db
    .selectFrom('listings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const leads = await db
    .selectFrom('leads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const usage = await db
    .selectFrom('api_usage_daily')
    .select(['day', 'count', 'listings', 'leads'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute()
  const payments = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const subscriptions = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const checkouts = await db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const reports = await db
    .selectFrom('fill_reports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const reportFields = reports.length
    ? await db
        .selectFrom('fill_report_fields')
        .innerJoin('fill_reports', 'fill_reports.id', 'fill_report_fields.report_id')
        .select([
          'fill_report_fields.report_id',
          'fill_report_fields.field',
          'fill_report_fields.outcome',
          'fill_report_fields.label',
        ])
        .where('fill_reports.user_id', '=', userId)
        .orderBy('fill_report_fields.field')
        .execute()
    : []
  const webhook = await db
    .selectFrom('lead_webhooks')
    .select(['url', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const followUpBoss = await db
    .selectFrom('follow_up_boss_accounts')
    .select(['api_key', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const deliveries = await db
    .selectFrom('lead_crm_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const sessions = await db
    .selectFrom('refresh_tokens')
    .select(['created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
  const supportMessages = await db
    .selectFrom('contact_messages')
    .select(['name', 'email', 'phone', 'company', 'subject', 'message', 'created_at'])
    .where(sql<string>`lower(email)`, '=', account.email)
    .orderBy('created_at')
    .execute()

  const fieldsByReport = new Map<string, Omit<(typeof reportFields)[number], 'report_id'>[]>()
  for (const { report_id: reportId, ...field } of reportFields) {
    const fields = fieldsByReport.get(reportId)
    if (fields) fields.push(field)
    else fieldsByReport.set(reportId, [field])
  }

  const now = ctx.clock()
  reply.header(
    'content-disposition',
    `attachment; filename="listingbridge-export-${now.toISOString().slice(0, 10)}.json"`,
  )
  // Personal data: no shared cache may keep a copy.
  reply.header('cache-control', 'no-store')
  return {
    data: {
      exported_at: now.toISOString(),
      account,
      agent_profile: await loadAgentProfile(db, userId),
      listings: mine(listings).map((row) => ({
        ...row,
        data: parsedJson(row.data),
        draft: parsedJson(row.draft),
      })),
      leads: mine(leads),
      usage_by_day: usage.map(({ day, ...counts }) => ({ date: day, ...counts })),
      payments: mine(payments),
      subscriptions: mine(subscriptions),
      checkout_sessions: mine(checkouts),
      fill_reports: mine(reports).map((report) => ({
        ...report,
        fields: fieldsByReport.get(report.id) ?? [],
      })),
      crm: {
        webhook: webhook ?? null,
        follow_up_boss: followUpBoss
          ? {
              key_last4: followUpBoss.api_key.slice(-4),
              created_at: followUpBoss.created_at,
              updated_at: followUpBoss.updated_at,
            }
          : null,
        deliveries: mine(deliveries),
      },
      sessions,
      support_messages: supportMessages,
    },
  }
})
