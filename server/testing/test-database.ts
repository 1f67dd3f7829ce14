import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createPostgresDatabase, createSqliteDatabase, type Db } from '../db/database.ts'
import { pgliteAdmin, pgliteDatabase } from './pglite.ts'

/**
 * The server suite runs on three databases (docs/architecture.md#tests): SQLite (the default), PGlite (`TEST_DB=pglite`,
 * the second vitest project) and a real PostgreSQL server (`TEST_DATABASE_URL=postgres://…`,
 * `.ci/run`). Every test app gets a database of its own: a fresh SQLite file, or a fresh schema.
 */
export type TestDbKind = 'sqlite' | 'pglite' | 'postgres'

export function testDbKind(env: Record<string, string | undefined> = process.env): TestDbKind {
  const named = env.TEST_DB
  if (named === 'sqlite' || named === 'pglite' || named === 'postgres') return named
  if (named) throw new Error(`TEST_DB must be sqlite, pglite or postgres, not "${named}"`)
  return env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'
}

export interface TestDatabase {
  kind: TestDbKind
  db: Db
  /** Another connection to the same database, standing in for a second server process. */
  open: () => Db
  /** Removes what the test created; call after every connection is closed. */
  drop: () => Promise<void>
}

let adminPool: pg.Pool | undefined

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL=postgres://…')
  return url
}

function admin(url: string): pg.Pool {
  adminPool ??= new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true })
  return adminPool
}

function schemaName(): string {
  return `test_${randomBytes(8).toString('hex')}`
}

export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  const kind = testDbKind()
  if (kind === 'sqlite') {
    return {
      kind,
      db: createSqliteDatabase(dataDir),
      open: () => createSqliteDatabase(dataDir),
      drop: () => Promise.resolve(),
    }
  }
  const schema = schemaName()
  if (kind === 'pglite') {
    await pgliteAdmin(`create schema "${schema}"`)
    return {
      kind,
      db: pgliteDatabase(schema),
      open: () => pgliteDatabase(schema),
      drop: () => pgliteAdmin(`drop schema "${schema}" cascade`),
    }
  }
  const url = postgresUrl()
  await admin(url).query(`create schema "${schema}"`)
  return {
    kind,
    db: createPostgresDatabase(url, { schema, max: 4 }),
    open: () => createPostgresDatabase(url, { schema, max: 4 }),
    // Not dropped now: a DROP SCHEMA while another worker's migrator introspects the catalog
    // fails that introspection ("schema does not exist"). The global teardown drops them all.
    drop: () => Promise.resolve(),
  }
}

/** Drops every schema the server suite made on a PostgreSQL server (before and after a run). */
export async function dropTestSchemas(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  try {
    const { rows } = await pool.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname like 'test\\_%'`,
    )
    for (const { nspname } of rows) await pool.query(`drop schema "${nspname}" cascade`)
    return rows.length
  } finally {
    await pool.end()
  }
}
