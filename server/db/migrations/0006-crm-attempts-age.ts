import type { Kysely } from 'kysely'

// Housekeeping deletes CRM delivery attempts by age across every user; without this index that
// hourly delete reads the whole log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('lead_crm_attempts_created')
    .on('lead_crm_attempts')
    .column('created_at')
    .execute()
}
