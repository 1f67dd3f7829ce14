import { sql, type Kysely } from 'kysely'

/**
 * The CRM outbox: one row per delivery (a webhook batch, or one lead to Follow Up Boss), queued
 * by Send to CRM and delivered by the CRM sender (server/leads/crm-sender.ts), which leases rows
 * as the mail sender does. `lead_crm_attempts` stays the log of each attempt, by `delivery_id`.
 * Deliveries made before, inside the request, become finished rows of their own here, so the log
 * reads one table for every delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crm_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The send it belongs to: one click, possibly several deliveries. */
    .addColumn('export_id', 'text', (c) => c.notNull())
    /** `webhook` or `follow_up_boss`. */
    .addColumn('target', 'text', (c) => c.notNull())
    /** The leads as they were when the agent sent them (JSON); null once sent, and on old rows. */
    .addColumn('payload', 'text')
    .addColumn('lead_count', 'integer', (c) => c.notNull())
    /** `queued`, `sending`, `sent` or `failed`. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    /** A sender's lease: other senders leave the row alone until it lapses. */
    .addColumn('locked_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** When it was sent or given up. */
    .addColumn('finished_at', 'text')
    .execute()
  // The sender's claim: open rows by when they are due.
  await db.schema
    .createIndex('crm_deliveries_due')
    .on('crm_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute()
  // The log: the user's newest deliveries.
  await db.schema
    .createIndex('crm_deliveries_user')
    .on('crm_deliveries')
    .columns(['user_id', 'created_at'])
    .execute()
  // Housekeeping: finished deliveries by age.
  await db.schema
    .createIndex('crm_deliveries_finished')
    .on('crm_deliveries')
    .column('finished_at')
    .execute()

  // Each earlier delivery from its last attempt: sent if any attempt succeeded.
  await sql`
    insert into crm_deliveries (
      id, user_id, export_id, target, payload, lead_count, status, attempts, next_attempt_at,
      locked_until, last_status, last_error, created_at, finished_at
    )
    select
      a.delivery_id, a.user_id, a.delivery_id, a.target, null, a.lead_count,
      case when exists (
        select 1 from lead_crm_attempts s where s.delivery_id = a.delivery_id and s.succeeded = 1
      ) then 'sent' else 'failed' end,
      a.attempt,
      (select min(f.created_at) from lead_crm_attempts f where f.delivery_id = a.delivery_id),
      null, a.status_code, a.error,
      (select min(f.created_at) from lead_crm_attempts f where f.delivery_id = a.delivery_id),
      a.created_at
    from lead_crm_attempts a
    where a.id = (
      select l.id from lead_crm_attempts l where l.delivery_id = a.delivery_id
      order by l.attempt desc, l.created_at desc, l.id desc limit 1
    )
  `.execute(db)
}
