import { sql, type Kysely } from 'kysely'
import { routes } from '../../api/routes.ts'
import type { AppContext } from '../app-context.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { confirmPassword } from '../auth/confirm-password.ts'
import { markEnded } from '../billing/subscriptions.ts'
import { escapeLike } from '../db/like.ts'
import { lockUserRow } from '../db/lock-user-row.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'

export const PROVIDER_UNREACHABLE_MESSAGE =
  'Your account’s payments go through Stripe, which cannot be reached right now, so your account was not deleted. Please try again later or contact support.'

export const CHECKOUT_OPENED_MESSAGE =
  'A checkout was opened for your account while it was being deleted, so it was not deleted. Please try again.'

/** A call to the payment provider; not reaching it stops the deletion before anything goes. */
async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 502) {
      throw new AppError(503, PROVIDER_UNREACHABLE_MESSAGE)
    }
    throw error
  }
}

function openCheckouts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('checkout_sessions')
    .select(['id', 'provider', 'expires_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .execute()
}

/**
 * Closes every checkout of the account still open at the provider, so nobody can pay it once the
 * account is gone: a payment then would start a subscription nobody could cancel. One paid
 * meanwhile is recorded by the provider, and endSubscriptions (run next) ends what it started.
 * Answers the ids of the checkouts it saw.
 */
async function closeCheckouts(ctx: AppContext, userId: string): Promise<string[]> {
  const open = await openCheckouts(ctx.db, userId)
  const now = ctx.clock().toISOString()
  for (const checkout of open) {
    if (checkout.provider === ctx.payments.name) {
      await atProvider(() => ctx.payments.closeUnpaidCheckout(checkout.id))
    }
    // A Stripe checkout while Stripe is not configured: it lapses at expires_at, not before.
    else if (checkout.provider !== 'test' && checkout.expires_at > now) {
      throw new AppError(503, PROVIDER_UNREACHABLE_MESSAGE)
    }
  }
  return open.map((checkout) => checkout.id)
}

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
    if (subscription.provider === ctx.payments.name) {
      await atProvider(() => ctx.payments.endNow(subscription))
    }
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
  // Checkouts first: one paid meanwhile starts a subscription that the next step ends.
  const closed = new Set(await closeCheckouts(ctx, userId))
  await endSubscriptions(ctx, userId)

  const addresses = [user.email, ...(user.pending_email ? [user.pending_email] : [])]
  await ctx.db.transaction().execute(async (trx) => {
    // A payment being recorded for the account waits for this, or this for it (PostgreSQL).
    await lockUserRow(trx, userId)
    // Opened in another tab since closeCheckouts: deleting its row would leave it payable.
    const opened = await openCheckouts(trx, userId)
    if (opened.some((checkout) => !closed.has(checkout.id))) {
      throw new AppError(409, CHECKOUT_OPENED_MESSAGE)
    }
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
