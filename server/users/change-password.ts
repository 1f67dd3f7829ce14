import { routes } from '../../api/routes.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { confirmPassword } from '../auth/confirm-password.ts'
import { hashPassword, refuseCommonPassword } from '../auth/passwords.ts'
import { endAllSessions, startSession } from '../auth/sessions.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { passwordChangedMail } from '../mail/messages.ts'
import { enqueueMail } from '../mail/outbox.ts'

export const SAME_PASSWORD_MESSAGE = 'Your new password must be different from your current one.'

/**
 * POST /users/change-password: the current password is required, the new one follows sign-up's
 * rules. Every session ends, other devices' access tokens included (sessions.ts), and the caller
 * gets a new session made as login makes one, so the page stays signed in.
 */
export default defineRoute(routes.changePassword, async ({ body, userId, request }, ctx) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'full_name', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new AppError(401, SESSION_ENDED_MESSAGE)
  await confirmPassword(ctx, request, user, body.current_password, 'current_password')
  refuseCommonPassword(body.new_password, 'new_password')
  if (body.new_password === body.current_password) {
    throw new AppError(400, SAME_PASSWORD_MESSAGE, { new_password: SAME_PASSWORD_MESSAGE })
  }

  const passwordHash = await hashPassword(body.new_password)
  const session = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: ctx.clock().toISOString() })
      .where('id', '=', userId)
      .execute()
    const generation = await endAllSessions(trx, userId, ctx.clock)
    await enqueueMail(trx, passwordChangedMail(user.email, user.full_name), ctx.clock, userId)
    return startSession(
      trx,
      { id: userId, session_generation: generation },
      ctx.config.jwtSecret,
      ctx.clock,
    )
  })
  return {
    data: { ...session, user_id: userId },
    message: 'Your password was changed. Every other device has been logged out.',
  }
})
