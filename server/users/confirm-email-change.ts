import { routes } from '../../api/routes.ts'
import { consumeOneTimeToken, retireOneTimeTokens } from '../auth/one-time-tokens.ts'
import { limits } from '../auth/rate-limits.ts'
import { isUniqueViolation } from '../db/unique-violation.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { emailChangedMail } from '../mail/messages.ts'
import { enqueueMail } from '../mail/outbox.ts'

export const INVALID_EMAIL_CHANGE_LINK_MESSAGE =
  'This link is invalid or has expired. Enter the new e-mail address on the Settings page again to get a new one.'
export const EMAIL_TAKEN_MEANWHILE_MESSAGE =
  'Another account uses this e-mail address now, so your e-mail was not changed.'

type Outcome = { changed: string } | 'invalid' | 'taken'

/**
 * GET /users/confirm-email/:token, the link of an e-mail change (the site's /confirm-email page
 * calls it). The token is the proof: no session needed, as the link may open in another browser.
 * The pending address becomes the account's e-mail, and the old address is told.
 */
export default defineRoute(routes.confirmEmailChange, async ({ params, request }, ctx) => {
  await hitRateLimits(ctx, [[limits.verifyPerIp, request.ip]])
  let outcome: Outcome
  try {
    outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
      const userId = await consumeOneTimeToken(trx, params.token, 'email-change', ctx.clock)
      if (!userId) return 'invalid'
      const user = await trx
        .selectFrom('users')
        .select(['email', 'full_name', 'pending_email'])
        .where('id', '=', userId)
        .executeTakeFirst()
      // Withdrawing a change retires its link already; a link without a pending address is void.
      if (!user?.pending_email) return 'invalid'
      const now = ctx.clock().toISOString()
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.pending_email)
        .executeTakeFirst()
      if (taken) {
        // The link is spent either way; the change is over rather than left hanging.
        await trx
          .updateTable('users')
          .set({ pending_email: null, updated_at: now })
          .where('id', '=', userId)
          .execute()
        return 'taken'
      }
      await trx
        .updateTable('users')
        .set({ email: user.pending_email, pending_email: null, updated_at: now })
        .where('id', '=', userId)
        .execute()
      // A reset link mailed to the old address would still open the account from there.
      await retireOneTimeTokens(trx, userId, 'reset', ctx.clock)
      await enqueueMail(
        trx,
        emailChangedMail(user.email, user.full_name, user.pending_email),
        ctx.clock,
        userId,
      )
      return { changed: user.pending_email }
    })
  } catch (error) {
    // Someone signed up with the address in the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN_MEANWHILE_MESSAGE)
    throw error
  }
  if (outcome === 'invalid') throw new AppError(400, INVALID_EMAIL_CHANGE_LINK_MESSAGE)
  if (outcome === 'taken') throw new AppError(409, EMAIL_TAKEN_MEANWHILE_MESSAGE)
  return {
    data: { email: outcome.changed },
    message: 'Your e-mail address was changed. Log in with the new address from now on.',
  }
})
