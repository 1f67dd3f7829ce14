import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { toLead } from './lead-rows.ts'

/** POST /leads/update: status and notes of one of the caller's own leads; anyone else's is a 404. */
export default defineRoute(routes.updateLead, async ({ body, userId }, ctx) => {
  const changes = {
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.notes !== undefined ? { notes: body.notes } : {}),
    updated_at: ctx.clock().toISOString(),
  }
  const result = await ctx.db
    .updateTable('leads')
    .set(changes)
    .where('id', '=', body.lead_id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (result.numUpdatedRows !== 1n) throw new AppError(404, 'No such lead.')
  const row = await ctx.db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', body.lead_id)
    .executeTakeFirstOrThrow()
  return { data: { lead: toLead(row) }, message: 'Lead updated.' }
})
