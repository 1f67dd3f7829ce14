import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { consumeOneTimeToken } from './one-time-tokens.ts'
import { limits } from './rate-limits.ts'

export const INVALID_VERIFY_LINK_MESSAGE =
  'This verification link is invalid or has expired. Log in to ask for a new one.'

export default defineRoute(routes.verifyEmail, async ({ params, request }, ctx) => {
  await hitRateLimits(ctx, [[limits.verifyPerIp, request.ip]])
  const verified = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, params.token, 'verify', ctx.clock)
    if (!userId) return false
    const now = ctx.clock().toISOString()
    await trx
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute()
    return true
  })
  if (!verified) throw new AppError(400, INVALID_VERIFY_LINK_MESSAGE)
  return { data: { status: 'success' as const }, message: 'Email verified. You can now log in.' }
})
