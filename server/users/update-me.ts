import { routes } from '../../api/routes.ts'
import { confirmPassword } from '../auth/confirm-password.ts'
import { issueOneTimeToken, retireOneTimeTokens } from '../auth/one-time-tokens.ts'
import { DUPLICATE_EMAIL_MESSAGE } from '../auth/register.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { emailChangeMail } from '../mail/messages.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { saveAgentProfile } from './agent-profiles.ts'
import { loadMe } from './load-me.ts'

/**
 * PATCH /users/me: name, phone and agent profile change at once; a new e-mail only once the link
 * sent to it is followed (confirm-email-change.ts), so a typo cannot lock the agent out and the
 * address is proven theirs. The current e-mail keeps working until then.
 */
export default defineRoute(routes.updateMe, async ({ body, userId, request }, ctx) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'full_name', 'password_hash', 'pending_email'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new AppError(401, SESSION_ENDED_MESSAGE)

  // What becomes of the e-mail: unchanged, a new address to confirm, or back to the current one
  // (which withdraws a change under way).
  let emailChange: { to: string } | 'withdraw' | undefined
  if (body.email !== undefined) {
    // The schema demands it with an e-mail; checked before anything about the address is said.
    await confirmPassword(ctx, request, user, body.current_password ?? '', 'current_password')
    const email = body.email.toLowerCase()
    if (email === user.email) {
      emailChange = 'withdraw'
    } else {
      const taken = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst()
      // Sign-up says the same for a taken address, so this tells no more than sign-up does.
      if (taken)
        throw new AppError(409, DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE })
      emailChange = { to: email }
    }
  }

  const fullName = body.full_name ?? user.full_name
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        full_name: fullName,
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(emailChange === 'withdraw' ? { pending_email: null } : {}),
        ...(typeof emailChange === 'object' ? { pending_email: emailChange.to } : {}),
        updated_at: ctx.clock().toISOString(),
      })
      .where('id', '=', userId)
      .execute()
    if (body.agent_profile !== undefined) {
      await saveAgentProfile(trx, userId, body.agent_profile, ctx.clock)
    }
    if (emailChange === 'withdraw') {
      await retireOneTimeTokens(trx, userId, 'email-change', ctx.clock)
    } else if (emailChange) {
      // A new link retires the one sent for an earlier address: only the latest works.
      const token = await issueOneTimeToken(trx, userId, 'email-change', ctx.clock)
      const link = `${ctx.config.siteUrl}/confirm-email/${token}`
      await enqueueMail(trx, emailChangeMail(emailChange.to, fullName, link), ctx.clock, userId)
    }
  })

  const message =
    typeof emailChange === 'object'
      ? `Saved. We sent a link to ${emailChange.to}: your e-mail changes when you follow it.`
      : 'Your settings were saved.'
  return { data: await loadMe(ctx, userId), message }
})
