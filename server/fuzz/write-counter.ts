import { sql } from 'kysely'
import type { TestApp } from '../testing/test-app.ts'

/**
 * Counts every row inserted, updated or deleted in the app's database, per table, with triggers
 * on every table: the fuzz test reads the counts around each request to prove a refused request
 * wrote nothing (an update that keeps the row count would slip past a count of rows). Test-only:
 * on SQLite the triggers and their table are TEMP, on the app's own connection, never in the
 * file; on PostgreSQL they live in the test app's own schema, dropped with it.
 */
export interface WriteCounter {
  /** Rows written so far, per table (tables never written are absent). */
  read: () => Promise<Record<string, number>>
  /** The tables watched. */
  tables: string[]
}

const COUNTS_TABLE = 'fuzz_writes'

export async function installWriteCounter(
  t: TestApp,
  options: { exclude: readonly string[] },
): Promise<WriteCounter> {
  const db = t.ctx.db
  const skip = (name: string) =>
    options.exclude.includes(name) || name === COUNTS_TABLE || name.startsWith('kysely_')
  if (t.dbKind === 'sqlite') {
    const listed = await sql<{
      name: string
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
    const tables = listed.rows.map((row) => row.name).filter((name) => !skip(name))
    await sql
      .raw(`create temp table ${COUNTS_TABLE} (tbl text primary key, n integer not null)`)
      .execute(db)
    for (const table of tables) {
      await sql.raw(`insert into temp.${COUNTS_TABLE} values ('${table}', 0)`).execute(db)
      for (const event of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `create temp trigger fuzz_${table}_${event} after ${event} on main."${table}"
             begin update temp.${COUNTS_TABLE} set n = n + 1 where tbl = '${table}'; end`,
          )
          .execute(db)
      }
    }
    return { tables, read: () => readCounts(t) }
  }
  const listed = await sql<{
    tablename: string
  }>`select tablename from pg_tables where schemaname = current_schema()`.execute(db)
  const tables = listed.rows.map((row) => row.tablename).filter((name) => !skip(name))
  await sql
    .raw(`create table ${COUNTS_TABLE} (tbl text primary key, n bigint not null default 0)`)
    .execute(db)
  await sql
    .raw(
      `create function fuzz_count_write() returns trigger language plpgsql as $$
       begin
         insert into ${COUNTS_TABLE} (tbl, n) values (TG_TABLE_NAME, 1)
           on conflict (tbl) do update set n = ${COUNTS_TABLE}.n + 1;
         return null;
       end $$`,
    )
    .execute(db)
  for (const table of tables) {
    await sql
      .raw(
        `create trigger fuzz_count_write after insert or update or delete on "${table}"
         for each row execute function fuzz_count_write()`,
      )
      .execute(db)
  }
  return { tables, read: () => readCounts(t) }
}

async function readCounts(t: TestApp): Promise<Record<string, number>> {
  const rows = await sql<{
    tbl: string
    /** PostgreSQL's bigint may come back as a string. */
    n: number | string
  }>`select tbl, n from ${sql.raw(COUNTS_TABLE)} where n > 0`.execute(t.ctx.db)
  return Object.fromEntries(rows.rows.map((row) => [row.tbl, Number(row.n)]))
}

/** The tables whose counts differ between two reads, with how many rows were written. */
export function writesBetween(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const changed: Record<string, number> = {}
  for (const [table, n] of Object.entries(after)) {
    const delta = n - (before[table] ?? 0)
    if (delta !== 0) changed[table] = delta
  }
  return changed
}
