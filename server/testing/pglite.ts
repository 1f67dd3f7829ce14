import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * PGlite (PostgreSQL compiled to WebAssembly) for the server suite's second run. Starting one
 * costs seconds and hundreds of MB, so each test process starts ONE and every test app gets its
 * own schema in it. PGlite is a single session: a lock hands it to one Kysely connection at a
 * time across all apps, and each connection switches `search_path` to its app's schema first.
 */

let shared: Promise<PGlite> | undefined
function sharedPglite(): Promise<PGlite> {
  shared ??= startPglite()
  return shared
}

/**
 * A fresh PGlite runs initdb inside WebAssembly (10+ s on a busy machine); one restored from a
 * data-directory snapshot starts in 2–3 s. The first start writes the snapshot for the next.
 */
async function startPglite(): Promise<PGlite> {
  const snapshot = path.join(tmpdir(), `listingbridge-pglite-${pgliteVersion()}.tar.gz`)
  if (existsSync(snapshot)) {
    try {
      return await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) })
    } catch {
      // A damaged snapshot: start fresh and write a new one.
    }
  }
  const pg = await PGlite.create()
  const dump = await pg.dumpDataDir('gzip')
  const partial = `${snapshot}.${process.pid}`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, snapshot)
  return pg
}

function pgliteVersion(): string {
  const manifest = path.join(
    import.meta.dirname,
    '../../node_modules/@electric-sql/pglite/package.json',
  )
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

/** FIFO lock over the one PGlite session. */
let tail: Promise<void> = Promise.resolve()
function lockSession(): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  const acquired = tail.then(() => release)
  tail = tail.then(() => held)
  return acquired
}

/** The schema the session's search_path points at now. */
let sessionSchema: string | undefined

class SchemaConnection implements DatabaseConnection {
  constructor(
    private readonly pg: PGlite,
    private readonly schema: string,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (sessionSchema !== this.schema) {
      await this.pg.exec(`set search_path to "${this.schema}"`)
      sessionSchema = this.schema
    }
    const result = await this.pg.query<R>(query.sql, [...query.parameters])
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the shared PGlite')
  }
}

class SchemaDriver implements Driver {
  private readonly releases = new Map<DatabaseConnection, () => void>()

  constructor(private readonly schema: string) {}

  async init(): Promise<void> {
    await sharedPglite()
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const pg = await sharedPglite()
    const release = await lockSession()
    const connection = new SchemaConnection(pg, this.schema)
    this.releases.set(connection, release)
    return connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const begin = settings.isolationLevel
      ? `start transaction isolation level ${settings.isolationLevel}`
      : 'begin'
    await connection.executeQuery(CompiledQuery.raw(begin))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection)
    this.releases.delete(connection)
    release?.()
    return Promise.resolve()
  }

  /** The shared PGlite lives on for the other apps; the schema is dropped by its owner. */
  async destroy(): Promise<void> {}
}

class SchemaDialect implements Dialect {
  constructor(private readonly schema: string) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver() {
    return new SchemaDriver(this.schema)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}

/** A Kysely on the process's PGlite whose tables live in `schema`. */
export function pgliteDatabase(schema: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: new SchemaDialect(schema) })
}

/** Runs one statement outside any app's schema (create/drop a schema). */
export async function pgliteAdmin(sql: string): Promise<void> {
  const pg = await sharedPglite()
  const release = await lockSession()
  try {
    await pg.exec(sql)
  } finally {
    release()
  }
}
