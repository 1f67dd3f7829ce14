import type { Kysely } from 'kysely'

/**
 * Fill reports: per fill, what came of each field of Marketplace's form. Only the profile's
 * field keys, outcomes and label texts: never the listing, its address or the agent's data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fill_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('profile_version', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // Reports in the summary's window, and the retention delete.
  await db.schema
    .createIndex('fill_reports_created')
    .on('fill_reports')
    .column('created_at')
    .execute()
  // Deleting an account cascades through this.
  await db.schema
    .createIndex('fill_reports_user')
    .on('fill_reports')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('fill_report_fields')
    .addColumn('report_id', 'text', (c) =>
      c.notNull().references('fill_reports.id').onDelete('cascade'),
    )
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    /** The report's time, copied so windowed counts never join the reports. */
    .addColumn('created_at', 'text', (c) => c.notNull())
    // A field at most once per report; also the index the cascade from fill_reports uses.
    .addPrimaryKeyConstraint('fill_report_fields_pk', ['report_id', 'field'])
    .execute()
  // Per field, per day over N days: a range of the window, counted from the index alone.
  await db.schema
    .createIndex('fill_report_fields_created')
    .on('fill_report_fields')
    .columns(['created_at', 'field', 'outcome'])
    .execute()
  // A field's last fills: a seek on the field, newest first, again without the table.
  await db.schema
    .createIndex('fill_report_fields_field_created')
    .on('fill_report_fields')
    .columns(['field', 'created_at', 'outcome'])
    .execute()
}
