import { routes } from '../../api/routes.ts'
import { LEAD_LIMITS } from '../../api/schemas/leads.ts'
import { newId } from '../db/ids.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { crmExportLeads } from './crm-export-leads.ts'
import { queueCrmDeliveries } from './crm-outbox.ts'
import { crmSendAnswer } from './crm-send-answer.ts'
import { targetPolicy, targetUrlProblem } from './crm-target.ts'

/** Leads per webhook delivery: as many as one request may name, so any selection is one. */
export const WEBHOOK_BATCH_SIZE = LEAD_LIMITS.maxIdsPerRequest

/**
 * POST /leads/export-webhook: the given leads (or all the caller's) to the caller's webhook, as
 * signed JSON deliveries of at most WEBHOOK_BATCH_SIZE leads each, queued in one transaction and
 * answered at once (202); the CRM sender (crm-sender.ts) delivers and retries them. Each carries
 * the send's `export_id`, its `batch` (1, 2, …) and `last_batch`; batches are delivered apart and
 * may arrive in any order. Do-not-call leads never leave. A stored URL the rules refuse outright
 * (an older release saved it) is said now; what its name resolves to is checked at delivery.
 */
export default defineRoute(routes.exportLeadsWebhook, async ({ body, userId }, ctx) => {
  const webhook = await ctx.db
    .selectFrom('lead_webhooks')
    .select('url')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!webhook) {
    throw new AppError(400, 'Set up your CRM webhook first, then export the leads again.')
  }
  const problem = targetUrlProblem(webhook.url, targetPolicy(ctx.config))
  if (problem) {
    throw new AppError(
      400,
      `Your webhook URL cannot be used: ${problem}. Save a public https:// URL and export again.`,
    )
  }

  const exportId = newId()
  const send = { userId, exportId, target: 'webhook' as const }
  return ctx.db.transaction().execute(async (trx) => {
    const selection = await crmExportLeads({ db: trx, clock: ctx.clock }, userId, body.lead_ids)
    let deliveries = 0
    let queued = 0
    const batches = selection.batches(WEBHOOK_BATCH_SIZE)
    // One batch read ahead, so each delivery can say whether it is the last.
    let next = await batches.next()
    while (!next.done) {
      const leads = next.value
      next = await batches.next()
      deliveries++
      queued += leads.length
      await queueCrmDeliveries(trx, ctx.clock, send, [
        { leads, batch: { number: deliveries, last: next.done === true } },
      ])
    }
    return crmSendAnswer('webhook', { exportId, deliveries, queued, skipped: selection.skipped })
  })
})
