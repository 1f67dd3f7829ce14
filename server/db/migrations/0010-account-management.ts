import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * Payment records outlive a deleted account, detached from it
 * (docs/account.md#deleting-the-account).
 */
const KEPT_PAYMENT_TABLES = ['transactions', 'subscriptions', 'checkout_sessions'] as const

/**
 * Account settings and deletion:
 * - `users.pending_email`: a new address waiting for its link; the e-mail changes when it is followed.
 * - `users.session_generation`: raised when every session must end (password change or reset);
 *   access tokens carry the generation they were issued in and stop working when it moves on.
 * - `outbox.user_id`: the account a mail is about, so deleting the account deletes its mails too,
 *   those to addresses it no longer has included.
 * - Payment tables: `user_id` becomes nullable with ON DELETE SET NULL, so deleting the account
 *   keeps the payments (bookkeeping law) without the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute()
  await db.schema
    .alterTable('users')
    .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .alterTable('outbox')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .execute()
  // The cascade of an account's deletion finds its mails through this.
  await db.schema.createIndex('outbox_user').on('outbox').column('user_id').execute()

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of KEPT_PAYMENT_TABLES) {
    if (postgres) await detachOnPostgres(db, table)
    else await detachOnSqlite(db, table)
  }
}

async function detachOnPostgres(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} alter column user_id drop not null`.execute(db)
  // Named by PostgreSQL when 0003 created it; looked up rather than assumed.
  const constraints = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${table}::regclass and contype = 'f' and confrelid = 'users'::regclass`.execute(
    db,
  )
  for (const { name } of constraints.rows) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db)
  }
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_user_id_fkey`)}
    foreign key (user_id) references users (id) on delete set null`.execute(db)
}

/**
 * SQLite cannot change a column's constraints: the table is rebuilt from its own stored
 * definition with only the user_id column changed (every other column, added ones included, stays
 * as it is), the rows copied, and its indexes recreated. No table references these three, so the
 * rebuild is safe with foreign keys on; it runs in one transaction so a failure leaves the old
 * table in place.
 */
async function detachOnSqlite(db: Kysely<unknown>, table: string): Promise<void> {
  // SQLite's migrator runs migrations outside a transaction: the rebuild takes its own.
  if (db.isTransaction) await rebuildOnSqlite(db, table)
  else await db.transaction().execute((trx) => rebuildOnSqlite(trx, table))
}

async function rebuildOnSqlite(trx: Kysely<unknown>, table: string): Promise<void> {
  const definition = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx)
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type = 'index' and tbl_name = ${table} and sql is not null`.execute(trx)
  const created = definition.rows[0]?.sql
  if (!created) throw new Error(`table ${table} not found`)
  const rebuilt = `${table}_rebuilt`
  // SQLite keeps the statement as it was run, with its first keywords in upper case.
  const oldHead = new RegExp(`^create table "${table}" `, 'i')
  const oldColumn = `"user_id" text not null references "users" ("id") on delete cascade`
  const newColumn = `"user_id" text references "users" ("id") on delete set null`
  if (!oldHead.test(created) || !created.includes(oldColumn)) {
    throw new Error(`unexpected definition of ${table}: ${created}`)
  }
  const createRebuilt = created
    .replace(oldHead, `create table "${rebuilt}" `)
    .replace(oldColumn, newColumn)
  await sql.raw(createRebuilt).execute(trx)
  await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx)
  await sql`drop table ${sql.table(table)}`.execute(trx)
  await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx)
  for (const index of indexes.rows) await sql.raw(index.sql).execute(trx)
}
