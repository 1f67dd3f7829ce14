/**
 * A small seeded pseudo-random generator for tests that explore inputs or timings (the fuzz and
 * crash tests): the same seed replays the same run, so a failure that prints its seed can be
 * reproduced. Not for anything secret.
 */
export interface SeededRandom {
  readonly seed: number
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number
  /** True with probability `p`. */
  chance: (p: number) => boolean
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T
}

/** mulberry32: 32 bits of state, fast and well spread for test data. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    seed,
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)] as T
    },
  }
}

/**
 * The seed a test runs with: the environment variable `name` when set (to replay a failure),
 * else `fallback`, fixed so that CI runs the same inputs every time.
 */
export function testSeed(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const seed = Number(value)
  if (!Number.isInteger(seed)) throw new Error(`${name} must be an integer, not "${value}"`)
  return seed
}
