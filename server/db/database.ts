import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
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
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  })
}
