import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSqliteDatabase, type Db } from './database.ts'
import { migrateToLatest } from './migrate.ts'
import { preparedQuery } from './prepared.ts'

const fullName = preparedQuery((db, userId: string) =>
  db.selectFrom('users').select(['id', 'full_name']).where('id', '=', userId),
)

/** Two columns named `id`: Kysely's own query answers the later one, so must this. */
const sameNameTwice = preparedQuery((db, userId: string) =>
  db
    .selectFrom('users')
    .leftJoin('refresh_tokens', 'refresh_tokens.user_id', 'users.id')
    .select(['users.id', 'users.full_name', 'refresh_tokens.id', 'users.email'])
    .where('users.id', '=', userId),
)

const NOW = '2026-11-20T12:00:00.000Z'

describe('preparedQuery on SQLite', () => {
  let dir: string
  let db: Db
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lb-prepared-'))
    db = createSqliteDatabase(dir)
    await migrateToLatest(db as never)
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'u1@example.com',
        full_name: 'Before',
        phone: '+14155550123',
        password_hash: 'x',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute()
  })
  afterEach(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers what Kysely answers, with each call’s own arguments', async () => {
    expect(await fullName(db, 'u1')).toEqual([{ id: 'u1', full_name: 'Before' }])
    expect(await fullName(db, 'nobody')).toEqual([])
  })

  it('gives rows the columns, order and values Kysely gives them', async () => {
    const [viaKysely] = await db
      .selectFrom('users')
      .leftJoin('refresh_tokens', 'refresh_tokens.user_id', 'users.id')
      .select(['users.id', 'users.full_name', 'refresh_tokens.id', 'users.email'])
      .where('users.id', '=', 'u1')
      .execute()
    const [prepared] = await sameNameTwice(db, 'u1')
    expect(prepared).toEqual(viaKysely)
    expect(Object.keys(prepared ?? {})).toEqual(Object.keys(viaKysely ?? {}))
    expect(prepared).toEqual({ id: null, full_name: 'Before', email: 'u1@example.com' })
  })

  it('waits for a transaction open on the connection instead of reading its uncommitted rows', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let updated = () => {}
    const midway = new Promise<void>((resolve) => {
      updated = resolve
    })
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ full_name: 'After' }).where('id', '=', 'u1').execute()
      updated()
      await held
    })
    await midway
    let read: unknown
    const reading = fullName(db, 'u1').then((rows) => (read = rows))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(read).toBeUndefined()
    release()
    await transaction
    await reading
    expect(read).toEqual([{ id: 'u1', full_name: 'After' }])
  })
})
