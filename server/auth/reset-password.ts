import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { consumeOneTimeToken } from './one-time-tokens.ts'
import { hashPassword, refuseCommonPassword } from './passwords.ts'
import { limits } from './rate-limits.ts'
import { endAllSessions } from './sessions.ts'

export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.'

export default defineRoute(routes.resetPassword, async ({ body, request }, ctx) => {
  await hitRateLimits(ctx, [[limits.resetPerIp, request.ip]])
  // Refuse a weak password before the token is spent, so the user can try again with the link.
  refuseCommonPassword(body.new_password, 'new_password')
  const passwordHash = await hashPassword(body.new_password)
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeOneTimeToken(trx, body.pass_reset_token, 'reset', ctx.clock)
    if (!userId) return false
    const now = ctx.clock().toISOString()
    const user = await trx
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        updated_at: now,
        // The link reached the inbox, which proves the address as well as verification does.
        email_verified_at: user.email_verified_at ?? now,
      })
      .where('id', '=', userId)
      .execute()
    await endAllSessions(trx, userId, ctx.clock)
    return true
  })
  if (!done) throw new AppError(400, INVALID_RESET_LINK_MESSAGE)
  return { data: {}, message: 'Your password has been reset. Please log in with the new password.' }
})
