import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { limits } from './rate-limits.ts'

/** Login's limits at their real values (docs/product.md#login). */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
})
afterEach(async () => {
  await t.close()
})

const ATTACKER = '198.51.100.66'
const OWNER = '203.0.113.10'

function login(email: string, password: string, remoteAddress: string) {
  return t.api({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress })
}

describe('login limits', () => {
  it('wrong passwords from one address do not lock the owner out from another', async () => {
    const owner = await loggedInUser(t)
    const answers: number[] = []
    for (let i = 0; i < 12; i++) {
      answers.push((await login(owner.email, `Wrong-Guess-${i}`, ATTACKER)).statusCode)
    }
    // The pair's limit stops the attacker's address after five.
    expect(answers).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)])
    expect((await login(owner.email, owner.password, ATTACKER)).statusCode).toBe(429)
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200)
  })

  it('wrong passwords from many addresses slow the account down but the owner gets in within a minute', async () => {
    const owner = await loggedInUser(t)
    // 10+ wrong passwords from the attacker's address and its neighbours.
    let wrong = 0
    for (let i = 0; wrong < 16; i++) {
      const from = i < 12 ? ATTACKER : `198.51.100.${i}`
      const res = await login(owner.email, `Wrong-Guess-${i}`, from)
      if (res.statusCode === 401) wrong++
      else {
        expect(res.statusCode).toBe(429)
        // The account's delay never passes a minute; the pair's is the window.
        if (from !== ATTACKER) {
          const retryAfter = Number(res.headers['retry-after'])
          expect(retryAfter).toBeLessThanOrEqual(60)
          t.clock.advance(retryAfter)
        }
      }
    }
    const held = await login(owner.email, owner.password, OWNER)
    expect(held.statusCode).toBe(429)
    const retryAfter = Number(held.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(held.json().message).toMatch(
      /^Too many attempts\. Please wait (\d+ seconds|1 minute) and try again\.$/,
    )
    t.clock.advance(retryAfter - 1)
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(429)
    t.clock.advance(1)
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200)
  })

  it('checks no more guesses than the limit when they are sent all at once', async () => {
    const owner = await loggedInUser(t)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(owner.email, `Parallel-${i}`, ATTACKER)),
    )
    const codes = answers.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 401)).toHaveLength(limits.loginPerPair.max)
    expect(codes.filter((code) => code === 429)).toHaveLength(20 - limits.loginPerPair.max)
  })

  it('a right password clears the pair’s wrong ones', async () => {
    const owner = await loggedInUser(t)
    for (let i = 0; i < limits.loginPerPair.max - 1; i++) {
      expect((await login(owner.email, `Typo-${i}`, OWNER)).statusCode).toBe(401)
    }
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(200)
    for (let i = 0; i < limits.loginPerPair.max; i++) {
      expect((await login(owner.email, `Typo-again-${i}`, OWNER)).statusCode).toBe(401)
    }
    expect((await login(owner.email, owner.password, OWNER)).statusCode).toBe(429)
  })

  it('stops one address spraying passwords over many e-mails', async () => {
    for (let i = 0; i < limits.loginPerIp.max; i++) {
      expect((await login(`agent${i}@example.com`, 'Spring-2026!', ATTACKER)).statusCode).toBe(401)
    }
    const res = await login('agent-next@example.com', 'Spring-2026!', ATTACKER)
    expect(res.statusCode).toBe(429)
    // Other addresses are not affected.
    expect((await login('agent-next@example.com', 'Spring-2026!', OWNER)).statusCode).toBe(401)
  })

  it('lets no burst through across a window boundary', async () => {
    const owner = await loggedInUser(t)
    // 12:14:51: nine seconds before fixed 15-minute windows would have turned over.
    t.clock.set(new Date('2026-11-20T12:14:51.000Z'))
    const checked: number[] = []
    const windowMs = limits.loginPerPair.windowSeconds * 1000
    const until = t.clock().getTime() + 2 * windowMs
    for (let i = 0; t.clock().getTime() < until; i++) {
      const res = await login(owner.email, `Guess-${i}`, ATTACKER)
      expect([401, 429]).toContain(res.statusCode)
      if (res.statusCode === 401) checked.push(t.clock().getTime())
      // One guess a second at first (across the boundary), then every 20 s.
      t.clock.advance(i < 30 ? 1 : 20)
    }
    for (const [i, from] of checked.entries()) {
      const inWindow = checked.slice(i).filter((at) => at < from + windowMs)
      expect(inWindow.length).toBeLessThanOrEqual(limits.loginPerPair.max)
    }
    // A limit, not a lock: the next window's guesses were checked again.
    expect(checked.length).toBeGreaterThan(limits.loginPerPair.max)
  })
})
