import {
  CRM_IDEMPOTENCY_HEADER,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type CrmTarget,
} from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import { signature, type CrmPost } from './crm-delivery.ts'
import type { CrmPayload } from './crm-outbox.ts'
import {
  FOLLOW_UP_BOSS_SYSTEM,
  followUpBossAuthorization,
  followUpBossEvent,
  followUpBossEventsUrl,
} from './follow-up-boss.ts'

/** One delivery as an attempt sends it; `payload` holds the leads still to send. */
export interface DeliveryToSend {
  id: string
  exportId: string
  userId: string
  target: CrmTarget
  payload: CrmPayload
}

/** Said when the setting a delivery needs is gone by the time it is attempted. */
export const TARGET_GONE: Record<CrmTarget, string> = {
  webhook: 'No webhook is set up any more; nothing was sent.',
  follow_up_boss: 'Follow Up Boss is not connected any more; nothing was sent.',
}

/**
 * The POST of one attempt, made from the agent's settings as they are now (URL and secret, or API
 * key: never copied into the outbox) and the time of the attempt; null when the setting is gone.
 * Every attempt of a delivery carries the same delivery id, for receivers to drop a repeat.
 */
export async function crmRequest(
  ctx: Pick<AppContext, 'db' | 'config'>,
  delivery: DeliveryToSend,
  now: Date,
): Promise<CrmPost | null> {
  const idempotency = { [CRM_IDEMPOTENCY_HEADER]: delivery.id }
  if (delivery.target === 'webhook') {
    const webhook = await ctx.db
      .selectFrom('lead_webhooks')
      .select(['url', 'secret'])
      .where('user_id', '=', delivery.userId)
      .executeTakeFirst()
    if (!webhook) return null
    const batch = delivery.payload.batch ?? { number: 1, last: true }
    // The time is in the signed body too, so a receiver can refuse an old delivery replayed.
    const body = JSON.stringify({
      event: 'leads.exported',
      delivery_id: delivery.id,
      export_id: delivery.exportId,
      sent_at: now.toISOString(),
      batch: batch.number,
      last_batch: batch.last,
      leads: delivery.payload.leads,
    })
    return {
      target: 'webhook',
      url: webhook.url,
      body,
      headers: {
        'user-agent': 'ListingBridge-Webhook/1',
        [WEBHOOK_SIGNATURE_HEADER]: signature(webhook.secret, body),
        [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(now.getTime() / 1000)),
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        ...idempotency,
      },
    }
  }
  const account = await ctx.db
    .selectFrom('follow_up_boss_accounts')
    .select('api_key')
    .where('user_id', '=', delivery.userId)
    .executeTakeFirst()
  const [lead] = delivery.payload.leads
  if (!account || !lead) return null
  return {
    target: 'follow_up_boss',
    url: followUpBossEventsUrl(ctx.config),
    body: JSON.stringify(followUpBossEvent(lead)),
    headers: {
      authorization: followUpBossAuthorization(account.api_key),
      'x-system': FOLLOW_UP_BOSS_SYSTEM,
      ...idempotency,
    },
  }
}
