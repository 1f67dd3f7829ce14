import { sql, type Kysely } from 'kysely'

/**
 * Every authenticated request asks whether its session (a refresh-token family) is still live:
 * one of the family's tokens not revoked (auth/authenticate.ts). A family gains a revoked row at
 * every refresh, thousands over its 30 days, so the question gets an index of the live rows only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('refresh_tokens_live_family')
    .on('refresh_tokens')
    .column('family_id')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute()
}
