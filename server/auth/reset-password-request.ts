import { routes } from '../../api/routes.ts'
import type { Config } from '../config.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { passwordResetMail } from '../mail/messages.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { limits } from './rate-limits.ts'

export const RESET_REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.'

/**
 * The reset link goes to the form the client named only when that form is on one of our site
 * origins; anything else would let a stranger phish with our own e-mail.
 */
export function resetFormUrl(requested: string, config: Config): string {
  const url = new URL(requested)
  if (config.siteOrigins.includes(url.origin)) return `${url.origin}${url.pathname}`
  return `${config.siteUrl}/reset-password`
}

export default defineRoute(routes.resetPasswordRequest, async ({ body, request }, ctx) => {
  const email = body.email.toLowerCase()
  await hitRateLimits(ctx, [
    [limits.forgotPerIp, request.ip],
    [limits.forgotPerEmail, email],
  ])
  const formUrl = resetFormUrl(body.reset_form_url, ctx.config)
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (!user) return
    const token = await issueOneTimeToken(trx, user.id, 'reset', ctx.clock)
    const link = `${formUrl}?token=${encodeURIComponent(token)}`
    await enqueueMail(trx, passwordResetMail(email, user.full_name, link), ctx.clock, user.id)
  })
  return { data: {}, message: RESET_REQUEST_MESSAGE }
})
