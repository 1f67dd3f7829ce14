import { sql } from 'kysely'
import { routes } from '../../api/routes.ts'
import type { AppContext } from '../app-context.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { confirmPassword } from '../auth/confirm-password.ts'
import { markEnded } from '../billing/subscriptions.ts'
import { escapeLike } from '../db/like.ts'
import { lockUserRow } from '../db/lock-user-row.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'

export const PROVIDER_UNREACHABLE_MESSAGE =
  'Your subscription is billed through Stripe, which cannot be reached right now, so your account was not deleted. Please try again later or contact support.'

/**
 * Ends every subscription that could still charge the agent, at the provider first: once the
 * account is gone nobody could cancel it any more. A Stripe subscription while Stripe is not
 * configured cannot be ended from here, so deletion stops rather than leave it billing.
 */
async function endSubscriptions(ctx: AppContext, userId: string): Promise<void> {
  const running = await ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'ended')
    .execute()
  for (const subscription of running) {
    if (subscription.provider === ctx.payments.name) await ctx.payments.endNow(subscription)
    // Left from before Stripe was configured: only our own renewal job could charge it.
    else if (subscription.provider === 'test') await markEnded(ctx.db, subscription.id, ctx.clock())
    else throw new AppError(503, PROVIDER_UNREACHABLE_MESSAGE)
  }
}

/** `text like` this finds values ending in `:subject` (rate-limit keys are `name:subject`). */
function keySuffixPattern(subject: string): string {
  return `%:${escapeLike(subject)}`
}

/**
 * POST /users/delete-account: the password again, then everything about the agent goes
 * (docs/account.md#deleting-the-account). Payments stay for the books, detached from the person:
 * their user_id becomes null. The same e-mail may sign up again afterwards.
 */
export default defineRoute(routes.deleteAccount, async ({ body, userId, request }, ctx) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'password_hash', 'pending_email'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new AppError(401, SESSION_ENDED_MESSAGE)
  await confirmPassword(ctx, request, user, body.password, 'password')
  await endSubscriptions(ctx, userId)

  const addresses = [user.email, ...(user.pending_email ? [user.pending_email] : [])]
  await ctx.db.transaction().execute(async (trx) => {
    // A payment being recorded for the account waits for this, or this for it (PostgreSQL).
    await lockUserRow(trx, userId)
    // Kept for the books, without the person.
    await trx
      .updateTable('transactions')
      .set({ user_id: null })
      .where('user_id', '=', userId)
      .execute()
    await trx
      .updateTable('subscriptions')
      .set({ user_id: null })
      .where('user_id', '=', userId)
      .execute()
    // A checkout that was never paid is no payment record: it goes.
    await trx
      .deleteFrom('checkout_sessions')
      .where('user_id', '=', userId)
      .where('status', '!=', 'paid')
      .execute()
    await trx
      .updateTable('checkout_sessions')
      .set({ user_id: null })
      .where('user_id', '=', userId)
      .execute()

    // Not linked to the account by a key, but about the person: found by address or key.
    await trx
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(to_address)`, 'in', addresses),
          eb(sql<string>`lower(reply_to)`, 'in', addresses),
        ]),
      )
      .execute()
    await trx
      .deleteFrom('contact_messages')
      .where(sql<string>`lower(email)`, 'in', addresses)
      .execute()
    await trx
      .deleteFrom('rate_limit_windows')
      .where((eb) =>
        eb.or(
          [userId, ...addresses].map(
            (subject) =>
              sql<boolean>`${eb.ref('key')} like ${keySuffixPattern(subject)} escape '\\'`,
          ),
        ),
      )
      .execute()

    // The rest (sessions, links, listings, leads, CRM settings, queued deliveries and log, usage,
    // fill reports, the agent profile, mails about the account) references the account ON DELETE
    // CASCADE.
    await trx.deleteFrom('users').where('id', '=', userId).execute()
  })
  return { data: {}, message: 'Your account and its data have been deleted.' }
})
