import type { Database as SqliteConnection, Statement } from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query.
 * This hands Kysely the same prepared statement for the same SQL text. Bounded, because SQL
 * with variable-length IN lists has many spellings; the oldest entry goes first.
 */
export function withStatementCache(connection: SqliteConnection, limit = 500): SqliteDatabase {
  const cache = new Map<string, Statement>()
  return {
    close: () => {
      cache.clear()
      connection.close()
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql)
      if (statement) {
        // Refresh its place so often-used statements stay.
        cache.delete(sql)
      } else {
        statement = connection.prepare(sql)
        if (cache.size >= limit) {
          const oldest = cache.keys().next().value
          if (oldest !== undefined) cache.delete(oldest)
        }
      }
      cache.set(sql, statement)
      return statement
    },
  }
}
