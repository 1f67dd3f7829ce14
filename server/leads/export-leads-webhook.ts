import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { filterLeads, toLead } from './lead-rows.ts'
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  deliverToCrm,
  signature,
} from './crm-delivery.ts'

/**
 * POST /leads/export-webhook: the given leads (or all the caller's) to the caller's webhook, as one
 * signed JSON delivery (crm-delivery.ts). Delivered synchronously with bounded retries, not
 * through an outbox: the answer says whether the CRM took them. Do-not-call leads never leave.
 */
export default defineRoute(routes.exportLeadsWebhook, async ({ body, userId }, ctx) => {
  const webhook = await ctx.db
    .selectFrom('lead_webhooks')
    .select(['url', 'secret'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!webhook) {
    throw new AppError(400, 'Set up your CRM webhook first, then export the leads again.')
  }
  const ids = body.lead_ids ? [...new Set(body.lead_ids)] : undefined
  const rows = await filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, { ids })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  if (ids && rows.length !== ids.length) throw new AppError(404, 'No such lead.')
  const leads = rows.filter((r) => r.status !== 'do_not_call').map(toLead)
  const skipped = rows.length - leads.length
  const skippedNote = skipped
    ? ` ${skipped} do-not-call lead${skipped === 1 ? ' was' : 's were'} left out.`
    : ''
  if (leads.length === 0) {
    return {
      data: {
        delivered: false,
        sent: 0,
        skipped_do_not_call: skipped,
        attempts: 0,
        delivery_id: null,
      },
      message: `Nothing to send.${skippedNote}`,
    }
  }
  const result = await deliverToCrm(ctx, {
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
        leads,
      })
      return {
        body,
        headers: {
          'user-agent': 'ListingBridge-Webhook/1',
          [SIGNATURE_HEADER]: signature(webhook.secret, body),
          [TIMESTAMP_HEADER]: String(Math.floor(now.getTime() / 1000)),
          [DELIVERY_HEADER]: deliveryId,
        },
      }
    },
  })
  if (result.refused) {
    // Saved before the rules, or the name now resolves somewhere it may not: logged, not sent.
    throw new AppError(
      400,
      `Your webhook URL cannot be used: ${result.refused}. Save a public https:// URL and export again.`,
    )
  }
  if (!result.delivered) {
    throw new AppError(
      502,
      `Your webhook did not accept the leads after ${result.attempts} attempts (${result.lastError ?? 'no answer'}). Check its URL and try again.`,
    )
  }
  return {
    data: {
      delivered: true,
      sent: leads.length,
      skipped_do_not_call: skipped,
      attempts: result.attempts,
      delivery_id: result.deliveryId,
    },
    message: `${leads.length} lead${leads.length === 1 ? '' : 's'} sent to your CRM.${skippedNote}`,
  }
})
