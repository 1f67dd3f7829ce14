import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { attachPostgresPool, attachSqliteConnection } from './prepared.ts'
import type { Database } from './schema.ts'
import { withStatementCache } from './sqlite-statement-cache.ts'

export type Db = Kysely<Database>

/** SQLite file under DATA_DIR (the embedded default). WAL lets readers run beside the writer. */
export function createSqliteDatabase(dataDir: string): Db {
  const sqlite = new SQLite(path.join(dataDir, 'listingbridge.sqlite'))
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
  attachSqliteConnection(db, sqlite)
  return db
}

/**
 * `pg` hands 64-bit integers (`bigint` columns, `count(*)`, `sum()` of integers) back as strings,
 * because they can exceed 2^53. Ours are counters and seconds, far below it: numbers, as SQLite
 * gives them, so the same code reads the same types on both.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return Number
    return pg.types.getTypeParser(oid, format) as unknown
  },
}

export interface PostgresOptions {
  /** Connections per process; several processes share one server. */
  max?: number
  /** Tables live in this schema instead of `public` (tests give each app its own). */
  schema?: string
}

/** PostgreSQL through `pg` (`DATABASE_URL=postgres://…`): the same migrations and queries. */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  attachPostgresPool(db, pool)
  return db
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite. */
export function createDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Db {
  return config.databaseUrl
    ? createPostgresDatabase(config.databaseUrl)
    : createSqliteDatabase(config.dataDir)
}
