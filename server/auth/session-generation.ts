import type { Kysely } from 'kysely'
import { lockUserRow } from '../db/lock-user-row.ts'
import type { Database } from '../db/schema.ts'

/**
 * The account's session generation, its row locked for the rest of the transaction (PostgreSQL;
 * SQLite runs one transaction at a time). Null when the account is gone.
 */
export async function lockedSessionGeneration(
  trx: Kysely<Database>,
  userId: string,
): Promise<number | null> {
  await lockUserRow(trx, userId)
  const row = await trx
    .selectFrom('users')
    .select('session_generation')
    .where('id', '=', userId)
    .executeTakeFirst()
  return row?.session_generation ?? null
}
