import { PostgresAdapter, sql, type Kysely } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Serializes a user's billing changes inside a transaction: on PostgreSQL it locks the user's
 * row until the transaction ends, so two payments of the same user cannot both see "no running
 * subscription" and each create one. NO KEY UPDATE, not UPDATE: rows inserted earlier in the
 * transaction that reference the user hold a key-share lock on it, and FOR UPDATE would deadlock
 * two such transactions. SQLite needs nothing: its one connection runs transactions one at a time.
 */
export async function lockUserRow(trx: Kysely<Database>, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`select id from users where id = ${userId} for no key update`.execute(trx)
}
