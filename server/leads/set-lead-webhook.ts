import { randomBytes } from 'node:crypto'
import { routes } from '../../api/routes.ts'
import type { Config } from '../config.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** https only; plain http to this machine only in tests, for a local receiver. */
export function webhookUrlProblem(url: string, env: Config['env']): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Enter a full URL starting with https://'
  }
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password'
  if (parsed.protocol === 'https:') return undefined
  if (parsed.protocol === 'http:' && env === 'test' && LOCAL_HOSTS.has(parsed.hostname)) {
    return undefined
  }
  return 'The webhook URL must start with https://'
}

/**
 * POST /leads/webhook: the caller's CRM webhook. The signing secret is made here and shown in this
 * answer only; saving again replaces the URL and makes a new secret.
 */
export default defineRoute(routes.setLeadWebhook, async ({ body, userId }, ctx) => {
  const problem = webhookUrlProblem(body.url, ctx.config.env)
  if (problem) throw new AppError(422, problem, { url: problem })
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
