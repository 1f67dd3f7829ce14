import type { Kysely } from 'kysely'

/**
 * Billing and usage: subscriptions, checkout sessions, transactions, webhook events
 * and the per-user per-day API call counter. Portable: text ids and ISO-8601 UTC times, integer
 * cents, integer 0/1 flags; every "happens once" rule is a unique key the database enforces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    /** `test` (the built-in checkout) or `stripe`. */
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('provider_customer_id', 'text')
    /** `active`, `past_due`, `incomplete` or `ended`; access also needs the period to run. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute()
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'status', 'current_period_end'])
    .execute()
  await db.schema
    .createIndex('subscriptions_due')
    .on('subscriptions')
    .columns(['provider', 'status', 'current_period_end'])
    .execute()

  await db.schema
    .createTable('checkout_sessions')
    /** Ours for the test checkout, Stripe's `cs_…` id for Stripe: the id /success carries. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    /** `open`, `paid` or `canceled`. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    /** Set once, by the conditional update that activates the subscription. */
    .addColumn('fulfilled_at', 'text')
    .addColumn('subscription_id', 'text')
    .execute()
  await db.schema
    .createIndex('checkout_sessions_user')
    .on('checkout_sessions')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subscription_id', 'text')
    .addColumn('plan_id', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    /** What was paid, once: a checkout, a renewal period, a Stripe invoice id. */
    .addColumn('provider_reference', 'text', (c) => c.notNull().unique())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('receipt_url', 'text')
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('transactions_user_time')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('webhook_events')
    /** The provider's event id: a replayed delivery hits this key and changes nothing. */
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('api_usage_daily')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** UTC day, `YYYY-MM-DD`. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_usage_daily_pk', ['user_id', 'day'])
    .execute()
}
