import { describe, expect, it } from 'vitest'
import {
  decodeWindow,
  earliestAllowedMs,
  EMPTY_WINDOW,
  encodeWindow,
  hitsCounted,
  withHit,
  withoutHit,
  type WindowRule,
  type WindowState,
} from './sliding-window.ts'

const START = Date.parse('2026-11-20T12:00:00.000Z')

/** A caller trying at each of `tries` (ms), let through whenever the window allows. */
function letThrough(rule: WindowRule, tries: number[]): number[] {
  let state: WindowState = EMPTY_WINDOW
  const allowed: number[] = []
  for (const at of tries) {
    if (earliestAllowedMs(state, rule, at) > at) continue
    state = withHit(state, rule, at)
    allowed.push(at)
  }
  return allowed
}

/** The most hits in any half-open interval of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0
  for (const [i, from] of times.entries()) {
    most = Math.max(most, times.slice(i).filter((t) => t < from + windowMs).length)
  }
  return most
}

/** Deterministic pseudo-random numbers in [0, 1), so a failure repeats. */
function random(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return x / 2 ** 31
  }
}

const plain: WindowRule = { windowSeconds: 900, max: 5 }
const delayed: WindowRule = { windowSeconds: 900, max: 10, delayCapSeconds: 60 }

describe('sliding window', () => {
  it('lets no more than the limit through in any window-long stretch, boundaries or not', () => {
    // The fixed windows' worst case: a burst at the end of one window and one at the start of the
    // next (12:15:00 is a boundary of 15-minute windows).
    const boundary = START + 900_000
    const burst = [...Array(20).keys()].map((i) => boundary - 5000 + i * 500)
    expect(letThrough(plain, burst)).toHaveLength(5)

    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed)
      const tries: number[] = []
      for (let at = START; at < START + 3 * 3_600_000; at += Math.floor(next() * 120_000)) {
        tries.push(at)
      }
      for (const rule of [plain, { windowSeconds: 3600, max: 20 }]) {
        const allowed = letThrough(rule, tries)
        expect(busiestWindow(allowed, rule.windowSeconds * 1000)).toBeLessThanOrEqual(rule.max)
        // Still a limit, not a wall: a steady caller keeps getting through.
        expect(allowed.length).toBeGreaterThan(rule.max * 2)
      }
    }
  })

  it('names the first moment a hit is let through: then allowed, a second before refused', () => {
    for (const rule of [plain, delayed, { windowSeconds: 3600, max: 3 }]) {
      for (let seed = 1; seed <= 20; seed++) {
        const next = random(seed)
        let state: WindowState = EMPTY_WINDOW
        let now = START + Math.floor(next() * 1000)
        let refusals = 0
        for (let i = 0; i < 300; i++) {
          now += Math.floor(next() * 40_000)
          const allowedAt = earliestAllowedMs(state, rule, now)
          if (allowedAt <= now) {
            state = withHit(state, rule, now)
            continue
          }
          refusals++
          // What Retry-After says, in whole seconds.
          const retryAfter = Math.ceil((allowedAt - now) / 1000)
          expect(earliestAllowedMs(state, rule, now + retryAfter * 1000)).toBeLessThanOrEqual(
            now + retryAfter * 1000,
          )
          expect(earliestAllowedMs(state, rule, now + (retryAfter - 1) * 1000)).toBeGreaterThan(
            now + (retryAfter - 1) * 1000,
          )
        }
        expect(refusals).toBeGreaterThan(0)
      }
    }
  })

  it('counts a hit at least a whole window and at most one slot (1/60 of it) longer', () => {
    const state = withHit(EMPTY_WINDOW, plain, START + 7_000)
    expect(hitsCounted(state, plain, START + 7_000 + 899_999)).toBe(1)
    // The slot is 15 s (900 s / 60): the hit at :07 counts until its slot ends at :15, + 900 s.
    expect(hitsCounted(state, plain, START + 914_999)).toBe(1)
    expect(hitsCounted(state, plain, START + 915_000)).toBe(0)
  })

  it('past the limit, delays each further hit 2, 4, 8, 16, 32 and then 60 s', () => {
    let state: WindowState = EMPTY_WINDOW
    let now = START
    for (let i = 0; i < 10; i++) state = withHit(state, delayed, now)
    const waits: number[] = []
    for (let i = 0; i < 8; i++) {
      const wait = earliestAllowedMs(state, delayed, now) - now
      waits.push(wait / 1000)
      now += wait
      state = withHit(state, delayed, now)
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60])
    // Never a lock: the delay is measured from the latest hit, so any later caller gets a turn
    // within the cap.
    expect(earliestAllowedMs(state, delayed, now) - now).toBeLessThanOrEqual(60_000)
  })

  it('a hit taken back leaves the state as if it had not come', () => {
    let state: WindowState = EMPTY_WINDOW
    for (let i = 0; i < 10; i++) state = withHit(state, delayed, START + i * 1000)
    const before = state
    const at = START + 20_000
    const taken = withoutHit(withHit(state, delayed, at), delayed, {
      atMs: at,
      previousLastHitMs: before.lastHitMs,
    })
    expect(taken).toEqual(before)
    expect(decodeWindow(encodeWindow(taken))).toEqual(before)
  })
})
