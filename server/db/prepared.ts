import { CompiledQuery, type Compilable, type Kysely } from 'kysely'
import type { Database } from './schema.ts'

const MARK = '\u0000prepared-arg:'

/**
 * A query Kysely builds and compiles once per database, then runs with new arguments. Kysely
 * otherwise rebuilds and recompiles on every call, which costs more than running the query:
 * ~25 µs for a lookup by key and 100+ µs for a join here, against ~7 µs for the SQL itself on
 * SQLite. Used on the hot read paths (/users/me, /users/dashboard).
 *
 * `build` receives placeholder strings for its arguments and must use each only as a bound
 * value (where, join, `sql` parameter), never inside another string; that is checked.
 */
export function preparedQuery<Row, Args extends string[]>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, { sql: string; params: unknown[] }>()

  function compile(db: Kysely<Database>, arity: number) {
    const marks = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as Args
    const compiled = build(db, ...marks).compile()
    const params = compiled.parameters.map((value) => {
      if (typeof value !== 'string' || !value.includes(MARK)) return value
      const index = marks.indexOf(value)
      if (index < 0) throw new Error('a prepared query must bind each argument as a whole value')
      return { arg: index }
    })
    return { sql: compiled.sql, params }
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
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))
    return result.rows
  }
}
