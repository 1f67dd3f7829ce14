import { routes } from '../../api/routes.ts'
import { brand } from '../../api/brand.ts'
import { addSeconds } from '../clock.ts'
import { newId } from '../db/ids.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { verificationMail } from '../mail/messages.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { hashPassword, refuseCommonPassword } from './passwords.ts'
import { limits } from './rate-limits.ts'
import { isUniqueViolation } from '../db/unique-violation.ts'

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists.'

export default defineRoute(routes.register, async ({ body, request }, ctx) => {
  await hitRateLimits(ctx, [
    [limits.registerPerIp, request.ip],
    [limits.registerPerEmail, body.email.toLowerCase()],
  ])
  refuseCommonPassword(body.password, 'password')
  const email = body.email.toLowerCase()
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
  if (existing) throw new AppError(409, DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE })

  const passwordHash = await hashPassword(body.password)
  const now = ctx.clock()
  const userId = newId()
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email,
          full_name: body.name,
          phone: body.phoneNumber,
          password_hash: passwordHash,
          email_verified_at: null,
          trial_end: addSeconds(now, brand.trialDays * 86_400).toISOString(),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .execute()
      const token = await issueOneTimeToken(trx, userId, 'verify', ctx.clock)
      const link = `${ctx.config.siteUrl}/verify-email/${token}`
      await enqueueMail(trx, verificationMail(email, body.name, link), ctx.clock, userId)
    })
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error))
      throw new AppError(409, DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE })
    throw error
  }
  return {
    data: { user_id: userId, email },
    message: 'Registration successful. Please check your email to verify your account.',
  }
})
