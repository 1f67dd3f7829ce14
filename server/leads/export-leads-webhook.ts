import { routes } from '../../api/routes.ts'
import {
  LEAD_LIMITS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '../../api/schemas/leads.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { openCrmSender, signature } from './crm-delivery.ts'
import { crmExportLeads, leadsText } from './crm-export-leads.ts'

/** Leads per webhook delivery: as many as one request may name, so any selection is one. */
export const WEBHOOK_BATCH_SIZE = LEAD_LIMITS.maxIdsPerRequest

/** "1,000 leads were delivered before; 200 were not sent." */
function deliveredBefore(sent: number, notSent: number): string {
  const was = (n: number) => (n === 1 ? 'was' : 'were')
  return `${leadsText(sent)} ${was(sent)} delivered before; ${notSent.toLocaleString('en-US')} ${was(notSent)} not sent.`
}

/**
 * POST /leads/export-webhook: the given leads (or all the caller's) to the caller's webhook, as
 * signed JSON deliveries (crm-delivery.ts) of at most WEBHOOK_BATCH_SIZE leads each, one after
 * the other; each carries `batch` (1, 2, …) and `last_batch`, so a receiver knows when it has
 * them all. Delivered synchronously with bounded retries, not through an outbox: the answer says
 * whether the CRM took them. The first batch the receiver does not take stops the export: what
 * was delivered is said, the rest is not sent. Do-not-call leads never leave.
 */
export default defineRoute(routes.exportLeadsWebhook, async ({ body, userId, request }, ctx) => {
  const webhook = await ctx.db
    .selectFrom('lead_webhooks')
    .select(['url', 'secret'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!webhook) {
    throw new AppError(400, 'Set up your CRM webhook first, then export the leads again.')
  }
  const selection = await crmExportLeads(ctx, userId, body.lead_ids)
  const { skipped, skippedNote } = selection
  if (selection.sendable === 0) {
    return {
      data: {
        delivered: false,
        sent: 0,
        skipped_do_not_call: skipped,
        attempts: 0,
        delivery_ids: [],
      },
      message: `Nothing to send.${skippedNote}`,
    }
  }

  let sent = 0
  let attempts = 0
  const deliveryIds: string[] = []
  // One sender for the whole export: the batches share its checked, kept-alive connection.
  const sender = openCrmSender(ctx, request.log)
  try {
    let batch = 0
    const batches = selection.batches(WEBHOOK_BATCH_SIZE)
    // One batch read ahead, so each delivery can say whether it is the last.
    let next = await batches.next()
    while (!next.done) {
      const leads = next.value
      next = await batches.next()
      const lastBatch = next.done === true
      batch++
      const result = await sender.deliver({
        userId,
        target: 'webhook',
        url: webhook.url,
        leadCount: leads.length,
        build: (deliveryId, now) => {
          // The time is in the signed body too, so a receiver can refuse an old delivery replayed.
          const body = JSON.stringify({
            event: 'leads.exported',
            delivery_id: deliveryId,
            sent_at: now.toISOString(),
            batch,
            last_batch: lastBatch,
            leads,
          })
          return {
            body,
            headers: {
              'user-agent': 'ListingBridge-Webhook/1',
              [WEBHOOK_SIGNATURE_HEADER]: signature(webhook.secret, body),
              [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(now.getTime() / 1000)),
              [WEBHOOK_DELIVERY_HEADER]: deliveryId,
            },
          }
        },
      })
      attempts += result.attempts
      const before = sent ? ` ${deliveredBefore(sent, selection.sendable - sent)}` : ''
      if (result.refused) {
        // Saved before the rules, or the name now resolves somewhere it may not: logged, not sent.
        throw new AppError(
          400,
          `Your webhook URL cannot be used: ${result.refused}. Save a public https:// URL and export again.${before}`,
        )
      }
      if (!result.delivered) {
        throw new AppError(
          502,
          `Your webhook did not accept the leads after ${result.attempts} attempts (${result.lastError ?? 'no answer'}). Check its URL and try again.${before}`,
        )
      }
      sent += leads.length
      deliveryIds.push(result.deliveryId)
    }
  } finally {
    await sender.close()
  }
  const inDeliveries = deliveryIds.length > 1 ? ` in ${deliveryIds.length} deliveries` : ''
  return {
    data: {
      delivered: true,
      sent,
      skipped_do_not_call: skipped,
      attempts,
      delivery_ids: deliveryIds,
    },
    message: `${leadsText(sent)} sent to your CRM${inDeliveries}.${skippedNote}`,
  }
})
