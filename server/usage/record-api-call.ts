import { sql, type Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { utcDay } from './days.ts'

/**
 * Counts one API call (one successful conversion, DESIGN §3) for the user on today's UTC day:
 * one upsert on the (user, day) key, so the dashboard reads at most a row a day whatever the
 * volume. Call it with the transaction of the work it counts when there is one.
 */
export async function recordApiCall(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
): Promise<void> {
  await db
    .insertInto('api_usage_daily')
    .values({ user_id: userId, day: utcDay(clock()), count: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({ count: sql`api_usage_daily.count + 1` }),
    )
    .execute()
}
