import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind, type TestDatabase } from '../testing/test-database.ts'
import { MIGRATE_LOCK_KEY, migrateToLatest } from './migrate.ts'

const databaseUrl = process.env.TEST_DATABASE_URL ?? ''
const onPostgres = databaseUrl !== '' && testDbKind() === 'postgres'

describe.skipIf(!onPostgres)('migrations on a PostgreSQL server', () => {
  const opened: TestDatabase[] = []
  afterAll(async () => {
    for (const database of opened) await database.db.destroy()
  })

  it('wait while another session migrates, so no two runs read and change the catalog at once', async () => {
    const holder = new pg.Client({ connectionString: databaseUrl })
    await holder.connect()
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATE_LOCK_KEY])
      const database = await createTestDatabase(mkdtempSync(path.join(tmpdir(), 'lb-migrate-')))
      opened.push(database)
      let done = false
      const migrating = migrateToLatest(database.db as never).then(() => {
        done = true
      })
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(done).toBe(false)
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_tables
        where schemaname = ${await currentSchema(database)}`.execute(database.db)
      expect(Number(rows[0]?.n)).toBe(0)

      await holder.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK_KEY])
      await migrating
      expect(done).toBe(true)
      const users = await database.db.selectFrom('users').select('id').execute()
      expect(users).toEqual([])
    } finally {
      await holder.end()
    }
  })

  it('migrate side by side in several schemas, one dropping tables as the others list them', async () => {
    const databases = await Promise.all(
      Array.from({ length: 6 }, () =>
        createTestDatabase(mkdtempSync(path.join(tmpdir(), 'lb-migrate-'))),
      ),
    )
    opened.push(...databases)
    await Promise.all(databases.map((database) => migrateToLatest(database.db as never)))
    // Migration 0014 drops a table: each run's drop happened while others were starting.
    const counts = await Promise.all(databases.map(migrationsRun))
    expect(new Set(counts).size).toBe(1)
    expect(counts[0]).toBeGreaterThanOrEqual(15)
  })
})

async function currentSchema(database: TestDatabase): Promise<string> {
  const { rows } = await sql<{
    schema: string
  }>`select current_schema() as schema`.execute(database.db)
  return rows[0]?.schema ?? ''
}

async function migrationsRun(database: TestDatabase): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(
    database.db,
  )
  return Number(rows[0]?.n)
}
