import type { Kysely } from 'kysely'
import { newId } from '../db/ids.ts'
import type {
  Database,
  PaymentProviderName,
  SubscriptionRow,
  TransactionsTable,
} from '../db/schema.ts'
import type { Activation } from './provider.ts'

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
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('status', '=', 'active')
    .where('current_period_end', '>', now.toISOString())
    .orderBy('current_period_end', 'desc')
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

/** The answer of verify-payment for a subscription already in the database. */
export async function activationOf(
  db: Kysely<Database>,
  subscriptionId: string,
): Promise<Activation | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select(['subscriptions.id', 'plans.package_name', 'subscriptions.current_period_end'])
    .where('subscriptions.id', '=', subscriptionId)
    .executeTakeFirst()
  return row
    ? { subscriptionId: row.id, planName: row.package_name, expiry: row.current_period_end }
    : undefined
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
