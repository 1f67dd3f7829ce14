import type { Kysely } from 'kysely'

/** The sender gives up on a message after a fixed number of attempts and says so here. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('failed_at', 'text').execute()
}
