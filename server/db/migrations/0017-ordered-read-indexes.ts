import type { Kysely } from 'kysely'

/**
 * Two reads on every dashboard or /users/me request pick rows by an order with a tie-breaker:
 * the current subscription (period end, then id) and the newest transactions (time, then id).
 * Their indexes stopped before the tie-breaker, so SQLite sorted the user's rows in a temporary
 * B-tree on each call, ~7 µs a request under load. With the id in the index the rows are read in
 * order and the first ones taken (docs/operations.md#where-usersme-spends-its-time). The new
 * indexes start with the old ones' columns, so every query that used those uses these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_user_current')
    .on('subscriptions')
    .columns(['user_id', 'status', 'current_period_end', 'id'])
    .execute()
  await db.schema.dropIndex('subscriptions_user').execute()
  await db.schema
    .createIndex('transactions_user_recent')
    .on('transactions')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('transactions_user_time').execute()
}
