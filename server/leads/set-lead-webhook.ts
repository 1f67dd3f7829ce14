import { randomBytes } from 'node:crypto'
import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { checkTarget, targetPolicy } from './crm-target.ts'

/**
 * POST /leads/webhook: the caller's CRM webhook. The URL must be one the server may post to
 * (crm-target.ts: https in production, no credentials, no private or local address), else 400 and
 * nothing is saved. The signing secret is made here and shown in this answer only; saving again
 * replaces the URL and makes a new secret.
 */
export default defineRoute(routes.setLeadWebhook, async ({ body, userId }, ctx) => {
  const problem = await checkTarget(body.url, targetPolicy(ctx.config))
  if (problem) throw new AppError(400, problem, { url: problem })
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
