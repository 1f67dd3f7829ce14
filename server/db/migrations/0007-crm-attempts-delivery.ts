import type { Kysely } from 'kysely'

// Housekeeping deletes a CRM delivery only when none of its attempts is recent; this index finds a
// delivery's newest attempt without reading the log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('lead_crm_attempts_delivery')
    .on('lead_crm_attempts')
    .columns(['delivery_id', 'created_at'])
    .execute()
}
