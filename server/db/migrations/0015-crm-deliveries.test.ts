import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { migrateToLatest, migrateUpTo } from '../migrate.ts'

let dataDir: string
let database: TestDatabase

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-migration-'))
  database = await createTestDatabase(dataDir)
  await migrateUpTo(database.db as unknown as Kysely<unknown>, '0014-sliding-rate-limits')
})
afterEach(async () => {
  await database.db.destroy()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString()

function attempt(deliveryId: string, n: number, statusCode: number, minute: number) {
  const ok = statusCode < 300
  return {
    id: `${deliveryId}-${n}`,
    delivery_id: deliveryId,
    user_id: 'agent',
    target: 'webhook' as const,
    url: 'https://crm.example.com/hook',
    attempt: n,
    lead_count: 3,
    status_code: statusCode,
    error: ok ? null : `HTTP ${statusCode}`,
    succeeded: ok ? 1 : 0,
    created_at: at(minute),
  }
}

describe('migration 0015: CRM deliveries', () => {
  it('makes a finished delivery of each one made before, from its attempts', async () => {
    const db = database.db
    await db
      .insertInto('users')
      .values({
        id: 'agent',
        email: 'agent@example.com',
        full_name: 'Agent',
        phone: '+14155550123',
        password_hash: 'x',
        created_at: at(0),
        updated_at: at(0),
      })
      .execute()
    await db
      .insertInto('lead_crm_attempts')
      .values([
        attempt('taken', 1, 500, 1),
        attempt('taken', 2, 200, 2),
        attempt('refused', 1, 503, 3),
        attempt('refused', 2, 400, 4),
      ])
      .execute()

    await migrateToLatest(db as unknown as Kysely<unknown>)

    const rows = await db.selectFrom('crm_deliveries').selectAll().orderBy('id').execute()
    expect(rows).toEqual([
      {
        id: 'refused',
        user_id: 'agent',
        export_id: 'refused',
        target: 'webhook',
        payload: null,
        lead_count: 3,
        status: 'failed',
        attempts: 2,
        next_attempt_at: at(3),
        locked_until: null,
        last_status: 400,
        last_error: 'HTTP 400',
        created_at: at(3),
        finished_at: at(4),
      },
      {
        id: 'taken',
        user_id: 'agent',
        export_id: 'taken',
        target: 'webhook',
        payload: null,
        lead_count: 3,
        status: 'sent',
        attempts: 2,
        next_attempt_at: at(1),
        locked_until: null,
        last_status: 200,
        last_error: null,
        created_at: at(1),
        finished_at: at(2),
      },
    ])
  })
})
