import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { migrateUpTo } from '../migrate.ts'
import { isUniqueViolation } from '../unique-violation.ts'

const at = '2026-03-01T10:00:00.000Z'

/** The rows this test writes before 0010, as the tables were then. */
const rowsBefore = {
  users: { id: 'ann', email: 'ann@example.com', full_name: 'Ann', phone: '+14155550123' },
  subscriptions: {
    id: 'sub-1',
    user_id: 'ann',
    plan_id: 'pro-monthly',
    provider: 'test',
    provider_subscription_id: null,
    provider_customer_id: null,
    status: 'active',
    current_period_end: '2026-04-01T10:00:00.000Z',
    cancel_at_period_end: 0,
    created_at: at,
    updated_at: at,
    ended_at: null,
  },
  checkout_sessions: {
    id: 'cs-1',
    user_id: 'ann',
    plan_id: 'pro-monthly',
    provider: 'test',
    status: 'paid',
    amount_cents: 4900,
    currency: 'usd',
    created_at: at,
    expires_at: '2026-03-02T10:00:00.000Z',
    paid_at: at,
    fulfilled_at: at,
    subscription_id: 'sub-1',
  },
  transactions: {
    id: 'tx-1',
    user_id: 'ann',
    subscription_id: 'sub-1',
    plan_id: 'pro-monthly',
    provider: 'test',
    provider_reference: 'test_checkout:cs-1',
    payment_type: 'subscription_create',
    amount_cents: 4900,
    currency: 'usd',
    status: 'succeeded',
    receipt_url: null,
    period_start: at,
    period_end: '2026-04-01T10:00:00.000Z',
    created_at: at,
  },
} as const

let dataDir: string
let database: TestDatabase
let db: Kysely<unknown>

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-migration-'))
  database = await createTestDatabase(dataDir)
  db = database.db as unknown as Kysely<unknown>
  await migrateUpTo(db, '0009-agent-profiles')
})
afterEach(async () => {
  await database.db.destroy()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function insert(table: string, row: object): Promise<void> {
  await db
    .insertInto(table as never)
    .values(row)
    .execute()
}

async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)
  return result.rows
}

/** Indexes of the tables 0010 changes (others are later migrations' business). */
async function indexNames(): Promise<string[]> {
  const tables = ['subscriptions', 'checkout_sessions', 'transactions', 'outbox']
  const result =
    database.kind === 'sqlite'
      ? await sql<{ name: string; table: string }>`
          select name, tbl_name as "table" from sqlite_master
          where type = 'index' and sql is not null`.execute(db)
      : await sql<{ name: string; table: string }>`
          select indexname as name, tablename as "table" from pg_indexes
          where schemaname = current_schema()`.execute(db)
  return result.rows
    .filter((row) => tables.includes(row.table))
    .map((row) => row.name)
    .sort()
}

describe('migration 0010: account settings and deletion', () => {
  it('keeps every payment row and index, and detaches payments when their account goes', async () => {
    await insert('users', {
      ...rowsBefore.users,
      password_hash: 'x',
      email_verified_at: at,
      trial_end: null,
      created_at: at,
      updated_at: at,
    })
    await insert('subscriptions', rowsBefore.subscriptions)
    await insert('checkout_sessions', rowsBefore.checkout_sessions)
    await insert('transactions', rowsBefore.transactions)
    await insert('outbox', {
      id: 'mail-1',
      kind: 'verify-email',
      to_address: 'ann@example.com',
      reply_to: null,
      subject: 'Verify',
      text_body: 'Hi',
      html_body: '<p>Hi</p>',
      created_at: at,
      next_attempt_at: at,
      locked_until: null,
      sent_at: at,
      last_error: null,
    })
    const indexesBefore = await indexNames()

    // Up to this migration only: later ones may add columns of their own.
    await migrateUpTo(db, '0010-account-management')

    for (const table of ['subscriptions', 'checkout_sessions', 'transactions'] as const) {
      expect(await rowsOf(table), table).toEqual([rowsBefore[table]])
    }
    expect(await rowsOf('users')).toEqual([
      expect.objectContaining({ id: 'ann', pending_email: null, session_generation: 0 }),
    ])
    expect(await rowsOf('outbox')).toEqual([
      expect.objectContaining({ id: 'mail-1', user_id: null }),
    ])
    // The rebuilt tables have their indexes again, and the outbox one more.
    expect(indexesBefore).toContain('transactions_user_time')
    expect(await indexNames()).toEqual([...indexesBefore, 'outbox_user'].sort())

    // Their constraints hold as before: a payment is still recorded once.
    const duplicate = await insert('transactions', { ...rowsBefore.transactions, id: 'tx-2' }).then(
      () => null,
      (error: unknown) => error,
    )
    expect(isUniqueViolation(duplicate)).toBe(true)

    // Deleting the account detaches its payments; its mails (linked now) go with it.
    await insert('outbox', { ...(await rowsOf('outbox'))[0], id: 'mail-2', user_id: 'ann' })
    await sql`delete from users where id = 'ann'`.execute(db)
    for (const table of ['subscriptions', 'checkout_sessions', 'transactions'] as const) {
      expect(await rowsOf(table), table).toEqual([{ ...rowsBefore[table], user_id: null }])
    }
    expect((await rowsOf('outbox')).map((row) => row.id)).toEqual(['mail-1'])
  })

  it('still refuses a payment of an account that does not exist', async () => {
    // Up to this migration only: later ones may add columns of their own.
    await migrateUpTo(db, '0010-account-management')
    const orphan = await insert('transactions', { ...rowsBefore.transactions, user_id: 'nobody' })
      .then(() => null)
      .catch((error: unknown) => error)
    expect(orphan).toBeInstanceOf(Error)
  })
})
