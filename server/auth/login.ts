import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { startPasswordAttempt } from './password-attempts.ts'
import { verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { startSession } from './sessions.ts'

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.'
export const UNVERIFIED_MESSAGE =
  'Please verify your email address before logging in. Check your inbox for the verification link, or ask for a new one.'

export default defineRoute(routes.login, async ({ body, request }, ctx) => {
  const email = body.email.toLowerCase()
  const attempt = await startPasswordAttempt(ctx, request.ip, email)
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst()
  if (!user) {
    await verifyAgainstDummy(body.password)
    throw new AppError(401, INVALID_CREDENTIALS_MESSAGE)
  }
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new AppError(401, INVALID_CREDENTIALS_MESSAGE)
  }
  await attempt.passwordWasRight()
  // Only after the password is right, so this does not reveal which e-mails are unverified.
  if (user.email_verified_at === null) throw new AppError(403, UNVERIFIED_MESSAGE)

  const session = await ctx.db
    .transaction()
    .execute((trx) => startSession(trx, user, ctx.config.jwtSecret, ctx.clock))
  return {
    data: {
      ...session,
      username: user.full_name,
      user_id: user.id,
    },
    message: 'Login successful.',
  }
})
