import { routes } from '../../api/routes.ts'
import type { CrmAttempt, CrmDelivery } from '../../api/schemas/leads.ts'
import { defineRoute } from '../http/define-route.ts'

/** How many deliveries the settings page shows. */
export const CRM_DELIVERIES_SHOWN = 20

/**
 * GET /leads/crm: where the caller's CRM exports go and how the latest went. The webhook secret
 * and the Follow Up Boss key are never answered again (only the key's last four characters); the
 * newest deliveries come from the CRM outbox, each with every attempt of the delivery log.
 */
export default defineRoute(routes.crmSettings, async ({ userId }, ctx) => {
  const [webhook, followUpBoss, newest] = await Promise.all([
    ctx.db
      .selectFrom('lead_webhooks')
      .select(['url', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('follow_up_boss_accounts')
      .select(['api_key', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('crm_deliveries')
      .select([
        'id',
        'target',
        'lead_count',
        'status',
        'next_attempt_at',
        'last_status',
        'last_error',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CRM_DELIVERIES_SHOWN)
      .execute(),
  ])

  const ids = newest.map((d) => d.id)
  const attempts = ids.length
    ? await ctx.db
        .selectFrom('lead_crm_attempts')
        .select(['delivery_id', 'attempt', 'status_code', 'error', 'created_at'])
        .where('user_id', '=', userId)
        .where('delivery_id', 'in', ids)
        .orderBy('attempt')
        .orderBy('created_at')
        .execute()
    : []
  const attemptsOf = new Map<string, CrmAttempt[]>()
  for (const a of attempts) {
    const list = attemptsOf.get(a.delivery_id) ?? []
    list.push({ attempt: a.attempt, at: a.created_at, status_code: a.status_code, error: a.error })
    attemptsOf.set(a.delivery_id, list)
  }

  const deliveries: CrmDelivery[] = newest.map((d) => ({
    delivery_id: d.id,
    target: d.target,
    lead_count: d.lead_count,
    status: d.status,
    attempts: attemptsOf.get(d.id) ?? [],
    last_status: d.last_status,
    last_error: d.last_error,
    next_attempt_at: d.status === 'queued' ? d.next_attempt_at : null,
    created_at: d.created_at,
  }))
  return {
    data: {
      webhook: webhook ? { url: webhook.url, updated_at: webhook.updated_at } : null,
      follow_up_boss: followUpBoss
        ? { key_last4: followUpBoss.api_key.slice(-4), updated_at: followUpBoss.updated_at }
        : null,
      deliveries,
    },
  }
})
