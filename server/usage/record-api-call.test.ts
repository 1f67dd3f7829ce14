import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { lastUtcDays, utcMonthStart } from './days.ts'
import { recordApiCall } from './record-api-call.ts'

describe('UTC days', () => {
  it('lists the last seven days oldest first, today last, across month and year ends', () => {
    expect(lastUtcDays(new Date('2027-01-02T00:00:00.000Z'), 7)).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
    expect(lastUtcDays(new Date('2028-03-01T23:59:59.999Z'), 3)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ])
    expect(utcMonthStart(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11-01')
  })
})

describe('recordApiCall', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp()
  })
  afterEach(async () => {
    await t.close()
  })

  async function rows() {
    return t.ctx.db
      .selectFrom('api_usage_daily')
      .select(['user_id', 'day', 'count', 'listings', 'leads'])
      .orderBy('user_id')
      .orderBy('day')
      .execute()
  }

  it('keeps one row per user and UTC day and counts every call by kind, concurrent ones included', async () => {
    const ann = await loggedInUser(t)
    const bob = await loggedInUser(t)
    t.clock.set(new Date('2026-11-20T23:59:59.999Z'))
    await Promise.all([
      ...Array.from({ length: 3 }, () => recordApiCall(t.ctx.db, ann.userId, t.clock, 'listing')),
      ...Array.from({ length: 2 }, () => recordApiCall(t.ctx.db, ann.userId, t.clock, 'lead')),
    ])
    await recordApiCall(t.ctx.db, bob.userId, t.clock, 'lead')
    t.clock.advance(0.001) // midnight UTC: a new day
    await recordApiCall(t.ctx.db, ann.userId, t.clock, 'listing')

    const expected = [
      { user_id: ann.userId, day: '2026-11-20', count: 5, listings: 3, leads: 2 },
      { user_id: ann.userId, day: '2026-11-21', count: 1, listings: 1, leads: 0 },
      { user_id: bob.userId, day: '2026-11-20', count: 1, listings: 0, leads: 1 },
    ].sort((a, b) => (a.user_id + a.day).localeCompare(b.user_id + b.day))
    expect(await rows()).toEqual(expected)
  })

  it('counts from two connections at once without losing a call', async () => {
    const ann = await loggedInUser(t)
    const other = t.dbKind === 'sqlite' ? t.ctx.db : t.openDb()
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          recordApiCall(i % 2 ? other : t.ctx.db, ann.userId, t.clock, i % 4 ? 'listing' : 'lead'),
        ),
      )
    } finally {
      if (other !== t.ctx.db) await other.destroy()
    }
    expect(await rows()).toEqual([
      { user_id: ann.userId, day: '2026-11-20', count: 20, listings: 15, leads: 5 },
    ])
  })
})
