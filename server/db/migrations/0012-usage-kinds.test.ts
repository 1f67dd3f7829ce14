import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sampleListing } from '../../listings/testing/sample-listing.ts'
import { storedListingRow } from '../../listings/testing/stored-listing-row.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { recordApiCall } from '../../usage/record-api-call.ts'
import { migrateToLatest, migrateUpTo } from '../migrate.ts'

const at = '2026-03-01T10:00:00.000Z'

let dataDir: string
let database: TestDatabase
let db: Kysely<unknown>

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-migration-'))
  database = await createTestDatabase(dataDir)
  db = database.db as unknown as Kysely<unknown>
  await migrateUpTo(db, '0011-listing-workspace')
})
afterEach(async () => {
  await database.db.destroy()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function addUser(id: string): Promise<void> {
  await database.db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      full_name: id,
      phone: '+14155550123',
      password_hash: 'x',
      created_at: at,
      updated_at: at,
    })
    .execute()
}

async function addListing(userId: string): Promise<void> {
  const row = storedListingRow(userId, `listing-${userId}`, sampleListing(), at)
  await database.db.insertInto('listings').values(row).execute()
}

async function addLead(userId: string): Promise<void> {
  await database.db
    .insertInto('leads')
    .values({
      id: `lead-${userId}`,
      user_id: userId,
      source: 'fsbo_com',
      source_id: '512345',
      listing_url: 'https://fsbo.com/listings/listings/show/id/512345/',
      owner_name: 'Maria Lopez',
      phone: null,
      email: null,
      street: '418 Maple Street',
      city: 'Austin',
      state: 'TX',
      zip: null,
      address_key: null,
      price: null,
      beds: null,
      baths: null,
      living_area_sqft: null,
      days_on_market: null,
      photo_url: null,
      status: 'new',
      notes: '',
      search_text: '418 maple street',
      created_at: at,
      updated_at: at,
    })
    .execute()
}

/** A day's counter as the server kept it before 0012: the total only. */
async function addUsage(userId: string, day: string, count: number): Promise<void> {
  await database.db.insertInto('api_usage_daily').values({ user_id: userId, day, count }).execute()
}

async function usage() {
  return database.db
    .selectFrom('api_usage_daily')
    .select(['user_id', 'day', 'count', 'listings', 'leads'])
    .orderBy('user_id')
    .orderBy('day')
    .execute()
}

describe('migration 0012: API calls by kind', () => {
  it('attributes old days where the account’s own rows prove their kind, and leaves the rest unknown', async () => {
    for (const id of ['ann', 'bob', 'cy']) await addUser(id)
    // Ann only converted listings, Bob only saved leads, Cy did both.
    await addListing('ann')
    await addLead('bob')
    await addListing('cy')
    await addLead('cy')
    await addUsage('ann', '2026-03-01', 3)
    await addUsage('ann', '2026-03-02', 1)
    await addUsage('bob', '2026-03-01', 2)
    await addUsage('cy', '2026-03-01', 5)

    await migrateToLatest(db)

    expect(await usage()).toEqual([
      { user_id: 'ann', day: '2026-03-01', count: 3, listings: 3, leads: 0 },
      { user_id: 'ann', day: '2026-03-02', count: 1, listings: 1, leads: 0 },
      { user_id: 'bob', day: '2026-03-01', count: 2, listings: 0, leads: 2 },
      { user_id: 'cy', day: '2026-03-01', count: 5, listings: 0, leads: 0 },
    ])

    // New calls on an old day add to its total and their kind; the unknown part stays.
    const clock = () => new Date('2026-03-01T23:00:00.000Z')
    await recordApiCall(database.db, 'cy', clock, 'lead')
    await recordApiCall(database.db, 'cy', clock, 'listing')
    await recordApiCall(database.db, 'cy', clock, 'listing')
    expect((await usage()).at(-1)).toEqual({
      user_id: 'cy',
      day: '2026-03-01',
      count: 8,
      listings: 2,
      leads: 1,
    })
  })

  it('migrates an empty table, and new rows start at zero of each kind', async () => {
    await migrateToLatest(db)
    expect(await usage()).toEqual([])
    await addUser('dee')
    await recordApiCall(database.db, 'dee', () => new Date(at), 'lead')
    expect(await usage()).toEqual([
      { user_id: 'dee', day: '2026-03-01', count: 1, listings: 0, leads: 1 },
    ])
  })
})
