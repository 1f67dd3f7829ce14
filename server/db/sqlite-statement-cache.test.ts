import SQLite from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import { withStatementCache } from './sqlite-statement-cache.ts'

describe('withStatementCache', () => {
  it('prepares each SQL text once and evicts the least recently used past the limit', () => {
    const connection = new SQLite(':memory:')
    const prepare = vi.spyOn(connection, 'prepare')
    const db = withStatementCache(connection, 2)
    const a = db.prepare('select 1')
    expect(db.prepare('select 1')).toBe(a)
    db.prepare('select 2')
    db.prepare('select 1') // now most recent
    db.prepare('select 3') // evicts "select 2"
    expect(db.prepare('select 1')).toBe(a)
    db.prepare('select 2')
    expect(prepare.mock.calls.map((c) => c[0])).toEqual([
      'select 1',
      'select 2',
      'select 3',
      'select 2',
    ])
    db.close()
    expect(connection.open).toBe(false)
  })
})
