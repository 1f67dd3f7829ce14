import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountWithSubscription } from '../../billing/access.ts'
import { findRunningSubscription } from '../../billing/subscriptions.ts'
import { newestTransactions, recentTransactions } from '../../users/dashboard.ts'
import { createTestDatabase, testDbKind, type TestDatabase } from '../../testing/test-database.ts'
import type { Db } from '../database.ts'
import { migrateToLatest, migrateUpTo } from '../migrate.ts'

const NOW = '2026-11-20T12:00:00.000Z'
const PERIOD_END = '2026-12-20T12:00:00.000Z'

/** SQLite's plan of a query, one line per step. */
async function planOf(db: Db, query: Compilable): Promise<string[]> {
  const { sql, parameters } = query.compile()
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  )
  return result.rows.map((row) => row.detail)
}

async function indexNames(database: TestDatabase): Promise<string[]> {
  const query =
    database.kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      : sql<{
          name: string
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`
  return (await query.execute(database.db)).rows.map((row) => row.name)
}

async function addUser(db: Db): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      email: 'u1@example.com',
      full_name: 'Agent',
      phone: '+14155550123',
      password_hash: 'x',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute()
}

describe('migration 0017: ordered reads from their index', () => {
  let dir: string
  let database: TestDatabase
  let db: Db
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lb-ordered-reads-'))
    database = await createTestDatabase(dir)
    db = database.db
  })
  afterEach(async () => {
    await db.destroy()
    await database.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it.runIf(testDbKind() === 'sqlite')(
    'reads the current subscription and the newest transactions without a sort (SQLite)',
    async () => {
      await migrateToLatest(db as never)
      const account = await planOf(db, accountWithSubscription(db, 'u1'))
      expect(account).toContain(
        'SEARCH latest USING COVERING INDEX subscriptions_user_current (user_id=? AND status=?)',
      )
      const transactions = await planOf(db, newestTransactions(db, 'u1'))
      expect(transactions).toContain(
        'SEARCH transactions USING INDEX transactions_user_recent (user_id=?)',
      )
      for (const step of [...account, ...transactions]) expect(step).not.toMatch(/TEMP B-TREE/)
    },
  )

  it('breaks ties by the greater id, the order the index is read in', async () => {
    await migrateToLatest(db as never)
    await addUser(db)
    for (const id of ['s-a', 's-c', 's-b']) {
      await db
        .insertInto('subscriptions')
        .values({
          id,
          user_id: 'u1',
          plan_id: 'pro-monthly',
          provider: 'test',
          provider_subscription_id: null,
          provider_customer_id: null,
          status: 'active',
          current_period_end: PERIOD_END,
          cancel_at_period_end: 0,
          created_at: NOW,
          updated_at: NOW,
          ended_at: null,
          trial_end: null,
        })
        .execute()
    }
    const [row] = await accountWithSubscription(db, 'u1').execute()
    expect(row?.subscription_id).toBe('s-c')
    // The checkout's lookup of the running subscription picks the same one.
    const running = await findRunningSubscription(db, 'u1', 'test', new Date(NOW))
    expect(running?.id).toBe('s-c')

    for (const [id, createdAt] of [
      ['t-1', '2026-11-01T00:00:00.000Z'],
      ['t-3', '2026-11-02T00:00:00.000Z'],
      ['t-2', '2026-11-02T00:00:00.000Z'],
    ] as const) {
      await db
        .insertInto('transactions')
        .values({
          id,
          user_id: 'u1',
          subscription_id: null,
          plan_id: 'pro-monthly',
          provider: 'test',
          provider_reference: id,
          payment_type: 'subscription_cycle',
          amount_cents: 4900,
          currency: 'usd',
          status: 'succeeded',
          receipt_url: null,
          period_start: null,
          period_end: null,
          created_at: createdAt,
        })
        .execute()
    }
    const recent = await recentTransactions(db, 'u1')
    expect(recent.map((t) => t.id)).toEqual(['t-3', 't-2', 't-1'])
  })

  it('finishes after a crash between its steps', async () => {
    const unmigrated = db as unknown as Kysely<unknown>
    await migrateUpTo(unmigrated, '0016-live-session-index')
    // The first step done, the process gone before the rest.
    await unmigrated.schema
      .createIndex('subscriptions_user_current')
      .on('subscriptions')
      .columns(['user_id', 'status', 'current_period_end', 'id'])
      .execute()
    await migrateToLatest(unmigrated)
    const indexes = await indexNames(database)
    expect(indexes).toEqual(
      expect.arrayContaining(['subscriptions_user_current', 'transactions_user_recent']),
    )
    expect(indexes).not.toContain('subscriptions_user')
    expect(indexes).not.toContain('transactions_user_time')
  })
})
