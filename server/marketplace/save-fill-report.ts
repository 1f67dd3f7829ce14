import { routes } from '../../api/routes.ts'
import { limits } from '../auth/rate-limits.ts'
import { newId } from '../db/ids.ts'
import { hitRateLimit } from '../http/rate-limit.ts'
import { defineRoute } from '../http/define-route.ts'

/**
 * POST /marketplace/fill-reports: what came of each field in one fill
 * (docs/operations.md#form-health). Not metered: it is not a conversion. Stores exactly the
 * validated body, all or nothing. Limited per user, so a looping extension cannot flood the table.
 */
export default defineRoute(routes.saveFillReport, async ({ body, userId }, ctx) => {
  await hitRateLimit(ctx, limits.fillReportPerUser, userId)
  const reportId = newId()
  const createdAt = ctx.clock().toISOString()
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fill_reports')
      .values({
        id: reportId,
        user_id: userId,
        profile_version: body.profile_version,
        language: body.language,
        duration_ms: body.duration_ms,
        created_at: createdAt,
      })
      .execute()
    await trx
      .insertInto('fill_report_fields')
      .values(
        body.fields.map((f) => ({
          report_id: reportId,
          field: f.field,
          outcome: f.outcome,
          label: f.label,
          created_at: createdAt,
        })),
      )
      .execute()
  })
  return { data: { report_id: reportId } }
})
