import { randomBytes } from 'node:crypto'
import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { checkTarget, targetPolicy } from './crm-target.ts'

/**
 * POST /leads/webhook: the caller's CRM webhook. The URL must be one the server may post to
 * (crm-target.ts: https unless inside CRM_PRIVATE_TARGETS, no credentials, no private or local
 * address outside it), else 400 and nothing is saved. The signing secret is made here and shown
 * in this answer only; saving again replaces the URL and makes a new secret.
 */
export default defineRoute(routes.setLeadWebhook, async ({ body, userId, request }, ctx) => {
  const refusal = await checkTarget(body.url, targetPolicy(ctx.config), ctx.resolveHost)
  if (refusal) {
    if (refusal.address) {
      // The user is told the name only: where an inside name points is nobody's business but ours.
      request.log.warn(
        { host: new URL(body.url).hostname, address: refusal.address },
        'CRM webhook refused: the name resolves to an address it may not reach',
      )
    }
    throw new AppError(400, refusal.message, { url: refusal.message })
  }
  const url = new URL(body.url).toString()
  const secret = `lbwh_${randomBytes(32).toString('base64url')}`
  const now = ctx.clock().toISOString()
  await ctx.db
    .insertInto('lead_webhooks')
    .values({ user_id: userId, url, secret, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ url, secret, updated_at: now }))
    .execute()
  return {
    data: { url, secret },
    message: 'Webhook saved. Copy the secret now: it is shown only once.',
  }
})
