import { routes } from '../../api/routes.ts'
import type { CrmDelivery } from '../../api/schemas/leads.ts'
import { defineRoute } from '../http/define-route.ts'

/** How many deliveries the settings page shows. */
export const CRM_DELIVERIES_SHOWN = 20

/**
 * GET /leads/crm: where the caller's CRM exports go and how the latest went. The webhook secret
 * and the Follow Up Boss key are never answered again (only the key's last four characters); the
 * delivery log's attempts are folded into one row per delivery, newest first.
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
      .selectFrom('lead_crm_attempts')
      .select('delivery_id')
      .where('user_id', '=', userId)
      .groupBy('delivery_id')
      .orderBy((eb) => eb.fn.min('created_at'), 'desc')
      .orderBy('delivery_id', 'desc')
      .limit(CRM_DELIVERIES_SHOWN)
      .execute(),
  ])

  const ids = newest.map((d) => d.delivery_id)
  const attempts = ids.length
    ? await ctx.db
        .selectFrom('lead_crm_attempts')
        .select([
          'delivery_id',
          'target',
          'attempt',
          'lead_count',
          'status_code',
          'error',
          'succeeded',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .where('delivery_id', 'in', ids)
        .orderBy('attempt')
        .execute()
    : []

  // Attempts come in attempt order, so each later one overwrites the "last" fields.
  const folded = new Map<string, CrmDelivery>()
  for (const a of attempts) {
    const seen = folded.get(a.delivery_id)
    folded.set(a.delivery_id, {
      delivery_id: a.delivery_id,
      target: a.target,
      lead_count: a.lead_count,
      attempts: (seen?.attempts ?? 0) + 1,
      delivered: (seen?.delivered ?? false) || a.succeeded === 1,
      last_status: a.status_code,
      last_error: a.error,
      created_at: seen?.created_at ?? a.created_at,
    })
  }

  return {
    data: {
      webhook: webhook ? { url: webhook.url, updated_at: webhook.updated_at } : null,
      follow_up_boss: followUpBoss
        ? { key_last4: followUpBoss.api_key.slice(-4), updated_at: followUpBoss.updated_at }
        : null,
      deliveries: ids.flatMap((id) => folded.get(id) ?? []),
    },
  }
})
