import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD, createTestApp, loggedInUser, type TestApp } from './testing/test-app.ts'
import { pruneExpired } from './housekeeping.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const count = async (table: 'rate_limit_hits' | 'refresh_tokens' | 'one_time_tokens') =>
  (await t.ctx.db.selectFrom(table).selectAll().execute()).length

describe('pruneExpired', () => {
  it('drops old rate-limit windows and expired tokens, and keeps live ones', async () => {
    const user = await loggedInUser(t)
    await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
    })
    expect(await count('rate_limit_hits')).toBeGreaterThan(0)
    await pruneExpired(t.ctx)
    expect(await count('refresh_tokens')).toBe(2)
    expect(await count('one_time_tokens')).toBe(1)

    t.clock.advance(31 * 86_400)
    await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
    })
    await pruneExpired(t.ctx)
    // The fresh login's token and window stay; everything older is gone.
    expect(await count('refresh_tokens')).toBe(1)
    expect(await count('one_time_tokens')).toBe(0)
    const windows = await t.ctx.db.selectFrom('rate_limit_hits').select('window_start').execute()
    const dayAgo = t.clock().getTime() / 1000 - 86_400
    expect(windows.every((w) => w.window_start >= dayAgo)).toBe(true)
  })
})
