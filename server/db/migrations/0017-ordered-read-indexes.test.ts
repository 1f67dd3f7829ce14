import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CompiledQuery, type Compilable } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountWithSubscription } from '../../billing/access.ts'
import { newestTransactions, recentTransactions } from '../../users/dashboard.ts'
import { createSqliteDatabase, type Db } from '../database.ts'
import { migrateToLatest } from '../migrate.ts'

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

describe('migration 0017: the hot ordered reads need no sort (SQLite)', () => {
  let dir: string
  let db: Db
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lb-ordered-reads-'))
    db = createSqliteDatabase(dir)
    await migrateToLatest(db as never)
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
  })
  afterEach(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reads the current subscription and the newest transactions in index order', async () => {
    const account = await planOf(db, accountWithSubscription(db, 'u1'))
    expect(account).toContain(
      'SEARCH latest USING COVERING INDEX subscriptions_user_current (user_id=? AND status=?)',
    )
    const transactions = await planOf(db, newestTransactions(db, 'u1'))
    expect(transactions).toContain(
      'SEARCH transactions USING INDEX transactions_user_recent (user_id=?)',
    )
    for (const step of [...account, ...transactions]) expect(step).not.toMatch(/TEMP B-TREE/)
  })

  it('breaks ties by the greater id, the order the index is read in', async () => {
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
})
