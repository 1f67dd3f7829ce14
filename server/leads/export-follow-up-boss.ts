import { routes } from '../../api/routes.ts'
import { newId } from '../db/ids.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { crmExportLeads } from './crm-export-leads.ts'
import { queueCrmDeliveries } from './crm-outbox.ts'
import { crmSendAnswer } from './crm-send-answer.ts'
import { targetPolicy, targetUrlProblem } from './crm-target.ts'
import { followUpBossEventsUrl } from './follow-up-boss.ts'

/** Leads read from the database at a time; each is still one Follow Up Boss delivery. */
export const FOLLOW_UP_BOSS_BATCH_SIZE = 100

/**
 * POST /leads/export-follow-up-boss: the given leads (or every one of the caller's, read
 * FOLLOW_UP_BOSS_BATCH_SIZE at a time) to Follow Up Boss, one "Seller Inquiry" event each, queued
 * in one transaction and answered at once (202); the CRM sender (crm-sender.ts) delivers and
 * retries each on its own. Do-not-call leads never leave.
 */
export default defineRoute(routes.exportLeadsFollowUpBoss, async ({ body, userId }, ctx) => {
  const account = await ctx.db
    .selectFrom('follow_up_boss_accounts')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!account) {
    throw new AppError(400, 'Connect Follow Up Boss with your API key first, then export again.')
  }
  // This server's setting, not the agent's doing: said now rather than failing every lead later.
  if (targetUrlProblem(followUpBossEventsUrl(ctx.config), targetPolicy(ctx.config))) {
    throw new AppError(
      502,
      'Follow Up Boss cannot be reached from this server; please tell support.',
    )
  }

  const exportId = newId()
  const send = { userId, exportId, target: 'follow_up_boss' as const }
  return ctx.db.transaction().execute(async (trx) => {
    const selection = await crmExportLeads({ db: trx, clock: ctx.clock }, userId, body.lead_ids)
    let queued = 0
    for await (const leads of selection.batches(FOLLOW_UP_BOSS_BATCH_SIZE)) {
      queued += leads.length
      await queueCrmDeliveries(
        trx,
        ctx.clock,
        send,
        leads.map((lead) => ({ leads: [lead] })),
      )
    }
    return crmSendAnswer('follow_up_boss', {
      exportId,
      deliveries: queued,
      queued,
      skipped: selection.skipped,
    })
  })
})
