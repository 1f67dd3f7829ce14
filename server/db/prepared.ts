import { createHash } from 'node:crypto'
import type { Database as SqliteConnection, Statement } from 'better-sqlite3'
import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import type { Pool } from 'pg'
import type { Database } from './schema.ts'

const MARK = '\u0000prepared-arg:'

/** The better-sqlite3 connection behind each Kysely instance createSqliteDatabase made. */
const sqliteConnections = new WeakMap<Kysely<Database>, SqliteConnection>()

/** The `pg` pool behind each Kysely instance createPostgresDatabase made. */
const postgresPools = new WeakMap<Kysely<Database>, Pool>()

/** Lets prepared queries on `db` run straight on its SQLite statement (see preparedQuery). */
export function attachSqliteConnection(db: Kysely<Database>, connection: SqliteConnection): void {
  sqliteConnections.set(db, connection)
}

/** Lets prepared queries on `db` run as named statements of its pool (see preparedQuery). */
export function attachPostgresPool(db: Kysely<Database>, pool: Pool): void {
  postgresPools.set(db, pool)
}

/** A statement prepared once on SQLite, answering rows as arrays, and its column names. */
interface SqliteStatement {
  statement: Statement
  columns: string[]
}

interface Compiled {
  sql: string
  /** A fixed value, or the index of the argument bound there. */
  params: unknown[]
  /** On SQLite, the statement prepared once. */
  sqlite: SqliteStatement | undefined
  /** On PostgreSQL, the pool and the statement's name there (one per SQL text). */
  pool: Pool | undefined
  name: string
}

/**
 * A query Kysely builds and compiles once per database, then runs with new arguments. Kysely
 * otherwise rebuilds and recompiles on every call, which costs more than running the query:
 * ~25 µs for a lookup by key and 100+ µs for a join here, against ~7 µs for the SQL itself on
 * SQLite. Used on the hot read paths (/users/me, /users/dashboard, authentication).
 *
 * On SQLite, outside a transaction, the statement runs directly and synchronously: Kysely's
 * executor wraps each query in a connection mutex and several promises, about 6 µs a query, more
 * than a lookup by key itself (docs/operations.md#where-usersme-spends-its-time). Running
 * synchronously on the one connection cannot interleave with another query; while a transaction
 * is open on it (another request between two of its statements) the query waits for the
 * connection through Kysely as before, so it never reads uncommitted rows. Its rows come back as
 * arrays and become objects here (rowObject): better-sqlite3 builds each row object through V8's
 * API, turning every column name into a string anew, which took as long as SQLite's own work for
 * the account's row and a fifth of the dashboard's time
 * (docs/operations.md#where-usersme-spends-its-time).
 *
 * On PostgreSQL it runs as a named statement of the pool (`pg` prepares it once per connection):
 * Kysely sends each query unnamed, parsed and planned anew, which held the server to ~3,800 of
 * these lookups a second here against ~11,000 named. Like Kysely's own queries outside a
 * transaction, each takes any connection of the pool; one given a transaction (`trx`) goes
 * through Kysely on the transaction's connection.
 *
 * Reads only (a statement that returns rows): SQLite's rows are taken as arrays.
 *
 * `build` receives placeholder strings for its arguments and must use each only as a bound
 * value (where, join, `sql` parameter), never inside another string; that is checked.
 */
export function preparedQuery<Row, Args extends string[]>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, Compiled>()

  function compile(db: Kysely<Database>, arity: number): Compiled {
    const marks = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as Args
    const compiled = build(db, ...marks).compile()
    const params = compiled.parameters.map((value) => {
      if (typeof value !== 'string' || !value.includes(MARK)) return value
      const index = marks.indexOf(value)
      if (index < 0) throw new Error('a prepared query must bind each argument as a whole value')
      return { arg: index }
    })
    return {
      sql: compiled.sql,
      params,
      sqlite: prepareSqlite(sqliteConnections.get(db), compiled.sql),
      pool: postgresPools.get(db),
      name: `prepared_${createHash('sha256').update(compiled.sql).digest('base64url').slice(0, 24)}`,
    }
  }

  return async (db, ...args) => {
    let compiled = compiledFor.get(db)
    if (!compiled) {
      compiled = compile(db, args.length)
      compiledFor.set(db, compiled)
    }
    const parameters = compiled.params.map((p) =>
      typeof p === 'object' && p !== null && 'arg' in p ? args[(p as { arg: number }).arg] : p,
    )
    const sqlite = compiled.sqlite
    if (sqlite && !sqlite.statement.database.inTransaction) {
      const rows = sqlite.statement.all(parameters) as unknown[][]
      return rows.map((row) => rowObject(sqlite.columns, row) as Row)
    }
    if (compiled.pool) {
      const result = await compiled.pool.query({
        name: compiled.name,
        text: compiled.sql,
        values: parameters,
      })
      return result.rows as Row[]
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))
    return result.rows
  }
}

function prepareSqlite(
  connection: SqliteConnection | undefined,
  sql: string,
): SqliteStatement | undefined {
  if (!connection) return undefined
  const statement = connection.prepare(sql).raw(true)
  return { statement, columns: statement.columns().map((column) => column.name) }
}

/** A row as better-sqlite3's object mode gives it: a later column of the same name wins. */
function rowObject(columns: string[], values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (let i = 0; i < columns.length; i++) row[columns[i] as string] = values[i]
  return row
}
