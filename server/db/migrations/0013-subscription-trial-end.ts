import type { Kysely } from 'kysely'

/**
 * `subscriptions.trial_end`: a subscription bought during the free trial keeps the trial's days
 * and is first charged when they end (Stripe's `trial_end`, the test checkout's own rule:
 * billing/trial-carry-over.ts). Null for a subscription charged at checkout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('trial_end', 'text').execute()
}
