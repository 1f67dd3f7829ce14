import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'

/** POST /leads/follow-up-boss: saves (or replaces) the caller's Follow Up Boss API key. */
export default defineRoute(routes.setFollowUpBoss, async ({ body, userId }, ctx) => {
  const now = ctx.clock().toISOString()
  await ctx.db
    .insertInto('follow_up_boss_accounts')
    .values({ user_id: userId, api_key: body.api_key, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ api_key: body.api_key, updated_at: now }),
    )
    .execute()
  return {
    data: { connected: true as const, key_last4: body.api_key.slice(-4) },
    message: 'Follow Up Boss connected.',
  }
})
