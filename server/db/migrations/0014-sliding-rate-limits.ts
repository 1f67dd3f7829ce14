import type { Kysely } from 'kysely'

/**
 * Rate limits count over a sliding window (server/http/sliding-window.ts): one row per limit and
 * subject holding its hits per slot, replacing the fixed windows' row per window. The fixed
 * windows' counts are dropped: every limit starts afresh once, at this upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute()
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON: the hits per slot and the latest hit's time (sliding-window.ts encodeWindow).
    .addColumn('state', 'text', (c) => c.notNull())
    // Raised by every write: a write is stored only over the version it read.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('counts_until_ms', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_windows_counts_until')
    .on('rate_limit_windows')
    .column('counts_until_ms')
    .execute()
}
