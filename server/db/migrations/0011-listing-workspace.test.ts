import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NormalizedListing } from '../../../api/schemas/listing.ts'
import { listingSearchText } from '../../listings/listing-search.ts'
import { sampleListing } from '../../listings/testing/sample-listing.ts'
import { toMarketplaceDraft } from '../../listings/to-marketplace-draft.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { migrateToLatest, migrateUpTo } from '../migrate.ts'
import { isUniqueViolation } from '../unique-violation.ts'

/** The tables this test writes, as they were before 0011 (one listings row per conversion). */
interface BeforeWorkspace {
  users: {
    id: string
    email: string
    full_name: string
    phone: string
    password_hash: string
    created_at: string
    updated_at: string
  }
  listings: {
    id: string
    user_id: string
    source: string
    source_id: string
    url: string
    address: string
    price: number | null
    listing_type: string
    photo_count: number
    data: string
    draft: string
    created_at: string
  }
}

let dataDir: string
let database: TestDatabase
/** The test's database typed as its tables were before 0011. */
let before: Kysely<BeforeWorkspace>
/** The same, as the migrator takes it. */
let unmigrated: Kysely<unknown>

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lb-migration-'))
  database = await createTestDatabase(dataDir)
  unmigrated = database.db as unknown as Kysely<unknown>
  before = database.db
  await migrateUpTo(unmigrated, '0009-agent-profiles')
})
afterEach(async () => {
  await database.db.destroy()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function addUser(id: string): Promise<void> {
  await before
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      full_name: id,
      phone: '+14155550123',
      password_hash: 'x',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute()
}

/** A conversion as POST /listings/convert stored it before 0011. */
function conversion(id: string, userId: string, listing: NormalizedListing, createdAt: string) {
  const draft = toMarketplaceDraft(listing)
  return {
    id,
    user_id: userId,
    source: listing.source,
    source_id: listing.source_id,
    url: listing.url,
    address: draft.address.line,
    price: draft.price,
    listing_type: draft.listing_type,
    photo_count: draft.photos.length,
    data: JSON.stringify(listing),
    draft: JSON.stringify(draft),
    created_at: createdAt,
  }
}

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`
const realtorPhoto = 'https://ap.rdcpix.com/p0.jpg'

describe('migration 0011: one row per listing', () => {
  it('merges each listing’s conversions into its newest, first converted at the earliest', async () => {
    await addUser('ann')
    await addUser('bob')
    const moved = sampleListing({
      price: 799000,
      address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
      listing_agent: { name: 'José Núñez' },
      photos: ['https://photos.zillowstatic.com/fp/newest.jpg'],
      bedrooms: 3,
      bathrooms: 1.5,
    })
    await before
      .insertInto('listings')
      .values([
        // Ann's Zillow listing, three times, stored out of order.
        conversion('a-middle', 'ann', sampleListing({ price: 825000 }), at(2)),
        conversion('a-newest', 'ann', moved, at(3)),
        conversion('a-first', 'ann', sampleListing(), at(1)),
        // Two conversions in the same instant: the larger id stands.
        conversion('b-1', 'ann', sampleListing({ source_id: '42' }), at(5)),
        conversion('b-2', 'ann', sampleListing({ source_id: '42', price: 1 }), at(5)),
        // The same id on another site is another listing.
        conversion(
          'c-1',
          'ann',
          sampleListing({ source: 'realtor', photos: [realtorPhoto] }),
          at(4),
        ),
        // Bob's conversion of the same home is his.
        conversion('d-1', 'bob', sampleListing(), at(6)),
      ])
      .execute()

    await migrateToLatest(unmigrated)

    const rows = await database.db.selectFrom('listings').selectAll().orderBy('id').execute()
    expect(rows.map((r) => r.id)).toEqual(['a-newest', 'b-2', 'c-1', 'd-1'])
    const [ann, tie, realtor, bob] = rows
    expect(ann).toEqual({
      ...conversion('a-newest', 'ann', moved, at(1)),
      converted_at: at(3),
      metered_at: at(3),
      permission_basis: null,
      permission_confirmed_at: null,
      permission_listing_agent: null,
      permission_brokerage: null,
      photo_url: 'https://photos.zillowstatic.com/fp/newest.jpg',
      bedrooms: 3,
      bathrooms: 1.5,
      living_area_sqft: 900,
      search_text: listingSearchText(moved),
    })
    expect(ann?.search_text).toContain('jose nunez')
    expect(ann?.price).toBe(799000)
    expect(tie).toMatchObject({ price: 1, created_at: at(5), converted_at: at(5) })
    expect(realtor).toMatchObject({ source: 'realtor', photo_url: realtorPhoto, created_at: at(4) })
    expect(bob).toMatchObject({ user_id: 'bob', created_at: at(6), converted_at: at(6) })

    // The unique index holds from now on.
    if (!ann) throw new Error('no row')
    const duplicate = await database.db
      .insertInto('listings')
      .values({ ...ann, id: 'a-again' })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(isUniqueViolation(duplicate)).toBe(true)
  })

  it('fills the summary columns of every row, past one batch', async () => {
    await addUser('ann')
    const rows = Array.from({ length: 1234 }, (_, i) =>
      conversion(
        `row-${String(i).padStart(4, '0')}`,
        'ann',
        sampleListing({ source_id: String(i), living_area_sqft: 100 + i }),
        at(1 + (i % 20)),
      ),
    )
    for (let i = 0; i < rows.length; i += 200) {
      await before
        .insertInto('listings')
        .values(rows.slice(i, i + 200))
        .execute()
    }

    await migrateToLatest(unmigrated)

    const after = await database.db
      .selectFrom('listings')
      .select(['id', 'source_id', 'living_area_sqft', 'search_text', 'photo_url'])
      .orderBy('id')
      .execute()
    expect(after).toHaveLength(1234)
    for (const [i, row] of after.entries()) {
      expect(row.living_area_sqft).toBe(100 + i)
      expect(row.search_text).toBe(listingSearchText(sampleListing({ source_id: String(i) })))
      expect(row.photo_url).toBe(sampleListing().photos[0])
    }
  })

  it('migrates an empty table', async () => {
    await migrateToLatest(unmigrated)
    expect(await database.db.selectFrom('listings').selectAll().execute()).toEqual([])
  })
})
