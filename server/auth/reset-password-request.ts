import { routes } from '../../api/routes.ts'
import type { SitePagePath } from '../../api/site-pages.ts'
import type { Config } from '../config.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { passwordResetMail } from '../mail/messages.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { limits } from './rate-limits.ts'

export const RESET_REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.'

const RESET_PAGE_PATH = '/reset-password' satisfies SitePagePath

/**
 * The reset link goes to the form the client named only when that form is the reset page itself
 * on one of our site origins: an http(s) URL without credentials whose path is exactly the reset
 * page's. Anything else (another host, `//evil.example/x`, another page of ours) would let a
 * stranger phish with our own e-mail, so it gets SITE_URL's reset page (docs/decisions.md,
 * "Password-reset links go only to site origins").
 */
export function resetFormUrl(requested: string, config: Config): string {
  const fallback = `${config.siteUrl}${RESET_PAGE_PATH}`
  let url: URL
  try {
    url = new URL(requested)
  } catch {
    return fallback
  }
  const ours =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === RESET_PAGE_PATH &&
    config.siteOrigins.includes(url.origin)
  // Query and fragment are dropped: the link adds its own `?token=`.
  return ours ? `${url.origin}${RESET_PAGE_PATH}` : fallback
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
