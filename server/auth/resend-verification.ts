import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { verificationMail } from '../mail/messages.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { limits } from './rate-limits.ts'

/** The same answer whether or not the account exists or needs it: no account enumeration. */
export const RESEND_MESSAGE =
  'If that account still needs to be verified, a new verification link is on its way.'

export default defineRoute(routes.resendVerification, async ({ body, request }, ctx) => {
  const email = body.email.toLowerCase()
  await hitRateLimits(ctx, [
    [limits.resendPerIp, request.ip],
    [limits.resendPerEmail, email],
  ])
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'full_name', 'email_verified_at'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (!user || user.email_verified_at !== null) return
    const token = await issueOneTimeToken(trx, user.id, 'verify', ctx.clock)
    const link = `${ctx.config.siteUrl}/verify-email/${token}`
    await enqueueMail(trx, verificationMail(email, user.full_name, link), ctx.clock, user.id)
  })
  return { data: {}, message: RESEND_MESSAGE }
})
