import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/database.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { AppError } from './app-error.ts'
import { hitRateLimit, takeBackHit, type RateLimit } from './rate-limit.ts'
import { decodeWindow, hitsCounted } from './sliding-window.ts'

let t: TestApp
let otherProcess: Db
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
  // Another connection, as a second server process behind the load balancer has.
  otherProcess = t.openDb()
})
afterEach(async () => {
  await otherProcess.destroy()
  await t.close()
})

const limit: RateLimit = { name: 'test:parallel', max: 7, windowSeconds: 900 }

/** 'allowed', or the Retry-After of the 429. */
async function outcome(db: Db, subject: string): Promise<'allowed' | number> {
  try {
    await hitRateLimit({ ...t.ctx, db }, limit, subject)
    return 'allowed'
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      return Number(error.headers?.['retry-after'])
    }
    throw error
  }
}

async function counted(subject: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('rate_limit_windows')
    .select('state')
    .where('key', '=', `${limit.name}:${subject}`)
    .executeTakeFirstOrThrow()
  return hitsCounted(decodeWindow(row.state), { ...limit }, t.clock().getTime())
}

describe('hitRateLimit under concurrency', () => {
  it('lets exactly the limit through when many hits arrive at once from two processes', async () => {
    const subject = '203.0.113.1'
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => outcome(i % 2 ? otherProcess : t.ctx.db, subject)),
    )
    expect(
      results.filter((r) => r === 'allowed'),
      t.dbKind,
    ).toHaveLength(limit.max)
    expect(results.filter((r) => typeof r === 'number' && r > 0)).toHaveLength(40 - limit.max)
    expect(await counted(subject)).toBe(limit.max)
  })

  it('takes hits back under concurrency without losing any other', async () => {
    const subject = '203.0.113.9'
    const hits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        hitRateLimit({ ...t.ctx, db: i % 2 ? otherProcess : t.ctx.db }, limit, subject),
      ),
    )
    const [firstHit, secondHit] = hits
    if (!firstHit || !secondHit) throw new Error('six hits were counted')
    const [, , ...newcomers] = await Promise.all([
      takeBackHit(t.ctx, firstHit),
      takeBackHit({ ...t.ctx, db: otherProcess }, secondHit),
      outcome(otherProcess, subject),
      outcome(t.ctx.db, subject),
    ])
    // Both newcomers fit when the take-backs ran first, one when they came after: either way
    // every write is in the count, none overwritten by another.
    const allowed = newcomers.filter((r) => r === 'allowed').length
    expect(allowed).toBeGreaterThanOrEqual(1)
    expect(await counted(subject)).toBe(6 - 2 + allowed)
  })
})
