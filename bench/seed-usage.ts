import type { Db } from '../server/db/database.ts'
import { newId } from '../server/db/ids.ts'
import { lastUtcDays } from '../server/usage/days.ts'

/**
 * Bench data for the budget "/users/dashboard with 1 M usage rows" (docs/architecture.md#budgets):
 * users with a usage row per day, written straight to the tables in batched multi-row inserts
 * inside one transaction (one fsync, no per-row round trip). Every batch stays under SQLite's
 * 32 766 bound parameters.
 */

export interface SeedOptions {
  users: number
  daysPerUser: number
  now: Date
  /** Users who also get these days (the logged-in bench user), counted in the total. */
  extraUserIds?: string[]
}

const USER_BATCH = 2_000 // 9 columns
const USAGE_BATCH = 6_000 // 5 columns: 30,000 parameters, under SQLite's 32,766

export async function seedUsage(db: Db, options: SeedOptions): Promise<{ rows: number }> {
  const days = lastUtcDays(options.now, options.daysPerUser)
  const nowIso = options.now.toISOString()
  const run = newId().slice(0, 8)
  const userIds = Array.from({ length: options.users }, () => newId())
  let rows = 0
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < userIds.length; start += USER_BATCH) {
      await trx
        .insertInto('users')
        .values(
          userIds.slice(start, start + USER_BATCH).map((id, i) => ({
            id,
            email: `seed.${run}.${start + i}@example.com`,
            full_name: `Seed Agent ${start + i}`,
            phone: '+14155550123',
            // Not a hash of anything: seeded users never log in.
            password_hash: 'seeded',
            email_verified_at: nowIso,
            trial_end: nowIso,
            created_at: nowIso,
            updated_at: nowIso,
          })),
        )
        .execute()
    }
    let batch: { user_id: string; day: string; count: number; listings: number; leads: number }[] =
      []
    const flush = async () => {
      if (batch.length === 0) return
      await trx.insertInto('api_usage_daily').values(batch).execute()
      rows += batch.length
      batch = []
    }
    for (const userId of [...userIds, ...(options.extraUserIds ?? [])]) {
      for (const [d, day] of days.entries()) {
        // A varied but deterministic count per day, a third of it leads.
        const count = 1 + ((d * 7 + userId.charCodeAt(0)) % 40)
        const leads = Math.floor(count / 3)
        batch.push({ user_id: userId, day, count, listings: count - leads, leads })
        if (batch.length === USAGE_BATCH) await flush()
      }
    }
    await flush()
  })
  return { rows }
}
