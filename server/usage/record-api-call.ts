import { sql, type Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { utcDay } from './days.ts'

/** What an API call was: a listing converted (once per 24 hours) or an FSBO lead saved. */
export type ApiCallKind = 'listing' | 'lead'

/**
 * Counts one API call of `kind` for the user on today's UTC day: one upsert on the (user, day)
 * key raising the total and the kind's column together, so the dashboard reads at most a row a
 * day whatever the volume. Call it with the transaction of the work it counts when there is one.
 */
export async function recordApiCall(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
  kind: ApiCallKind,
): Promise<void> {
  const column = kind === 'listing' ? 'listings' : 'leads'
  await db
    .insertInto('api_usage_daily')
    .values({ user_id: userId, day: utcDay(clock()), count: 1, [column]: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        count: sql`api_usage_daily.count + 1`,
        [column]: sql`${sql.ref(`api_usage_daily.${column}`)} + 1`,
      }),
    )
    .execute()
}
