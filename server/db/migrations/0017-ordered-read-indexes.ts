import type { Kysely } from 'kysely'

/**
 * Two reads on every dashboard or /users/me request pick rows by an order with a tie-breaker:
 * the current subscription (period end, then id) and the newest transactions (time, then id).
 * Their indexes stopped before the tie-breaker, so SQLite sorted the user's rows in a temporary
 * B-tree on each call (the account statement under load: 47–67 µs a request with the sort, 37–46
 * without). With the id in the index the rows are read in order and the first ones taken
 * (docs/operations.md#where-usersme-spends-its-time). The new indexes start with the old ones'
 * columns, so every query that used those uses these. Each step may run again (SQLite has no
 * transactional DDL in Kysely's migrator): a crash between them leaves a database this migration
 * still finishes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscriptions_user_current')
    .ifNotExists()
    .on('subscriptions')
    .columns(['user_id', 'status', 'current_period_end', 'id'])
    .execute()
  await db.schema.dropIndex('subscriptions_user').ifExists().execute()
  await db.schema
    .createIndex('transactions_user_recent')
    .ifNotExists()
    .on('transactions')
    .columns(['user_id', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('transactions_user_time').ifExists().execute()
}
