import type { Kysely } from 'kysely'
import { newId } from '../db/ids.ts'
import type {
  Database,
  PaymentProviderName,
  SubscriptionRow,
  TransactionsTable,
} from '../db/schema.ts'
import type { Activation, CheckoutCharge } from './payment-provider.ts'

export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription found.'

/**
 * The caller's subscription by id, if it is theirs, active and its period still running: the
 * only kind that can be cancelled. Someone else's id reads exactly like a missing one.
 */
export async function findCancellableSubscription(
  db: Kysely<Database>,
  userId: string,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('current_period_end', '>', now.toISOString())
    .executeTakeFirst()
}

/** The user's running subscription of one provider, if any (the one whose period ends last). */
export async function findRunningSubscription(
  db: Kysely<Database>,
  userId: string,
  provider: PaymentProviderName,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  // The same order as the current subscription (billing/access.ts): ties by the greater id.
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('status', '=', 'active')
    .where('current_period_end', '>', now.toISOString())
    .orderBy('current_period_end', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/** True when the user pays for a subscription that will renew: a second checkout would double-bill. */
export async function hasRenewingSubscription(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('cancel_at_period_end', '=', 0)
    .where('current_period_end', '>', now.toISOString())
    .executeTakeFirst()
  return row !== undefined
}

export type NewTransaction = Omit<TransactionsTable, 'id' | 'status'> & {
  id?: string
  status?: string
}

/**
 * Records a payment once: `provider_reference` is unique, so a second call for the same payment
 * (a replayed webhook, a second verify, a renewal job on another instance) inserts nothing.
 * Answers the new id, or undefined when the payment was already recorded.
 */
export async function recordTransaction(
  db: Kysely<Database>,
  transaction: NewTransaction,
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('transactions')
    .values({
      ...transaction,
      id: transaction.id ?? newId(),
      status: transaction.status ?? 'succeeded',
    })
    .onConflict((oc) => oc.column('provider_reference').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted?.id
}

/**
 * The answer of verify-payment for a checkout already fulfilled, read back from the database so
 * every later call answers the same. A checkout that kept the trial (the subscription's
 * `trial_end` after the payment) is first charged when the trial ends: `scheduled` until the
 * charge for the period starting then is recorded. Any other checkout was charged when paid.
 */
export async function checkoutActivation(
  db: Kysely<Database>,
  sessionId: string,
): Promise<Activation | undefined> {
  const row = await db
    .selectFrom('checkout_sessions')
    .innerJoin('subscriptions', 'subscriptions.id', 'checkout_sessions.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'subscriptions.id',
      'plans.package_name',
      'subscriptions.current_period_end',
      'subscriptions.trial_end',
      'checkout_sessions.amount_cents',
      'checkout_sessions.currency',
      'checkout_sessions.paid_at',
      'checkout_sessions.created_at',
    ])
    .where('checkout_sessions.id', '=', sessionId)
    .executeTakeFirst()
  if (!row) return undefined
  const paidAt = row.paid_at ?? row.created_at
  let charge: CheckoutCharge = {
    amountCents: row.amount_cents,
    currency: row.currency,
    date: paidAt,
    status: 'charged',
  }
  if (row.trial_end !== null && row.trial_end > paidAt) {
    const first = await db
      .selectFrom('transactions')
      .select(['amount_cents', 'currency', 'created_at'])
      .where('subscription_id', '=', row.id)
      .where('period_start', '=', row.trial_end)
      .executeTakeFirst()
    charge = first
      ? {
          amountCents: first.amount_cents,
          currency: first.currency,
          date: first.created_at,
          status: 'charged',
        }
      : { ...charge, date: row.trial_end, status: 'scheduled' }
  }
  return {
    subscriptionId: row.id,
    planName: row.package_name,
    expiry: row.current_period_end,
    charge,
  }
}

/** Ends the local row now (the provider was told first, if it has one). Idempotent. */
export async function markEnded(
  db: Kysely<Database>,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'ended', ended_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', subscriptionId)
    .where('status', '!=', 'ended')
    .execute()
}

/** Marks the local row; the provider was told first. Idempotent. */
export async function markCancelAtPeriodEnd(
  db: Kysely<Database>,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionRow> {
  await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: 1, updated_at: now.toISOString() })
    .where('id', '=', subscriptionId)
    .execute()
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
}
