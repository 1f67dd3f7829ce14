import type { AppContext } from '../app-context.ts'
import type { Db } from '../db/database.ts'
import { preparedQuery } from '../db/prepared.ts'
import { AppError } from './app-error.ts'
import {
  countsUntilMs,
  decodeWindow,
  earliestAllowedMs,
  EMPTY_WINDOW,
  encodeWindow,
  withHit,
  withoutHit,
  type WindowRule,
  type WindowState,
} from './sliding-window.ts'

export interface RateLimit {
  /** Names the limit in the key, e.g. `login:ip`. */
  name: string
  /** Hits allowed within any `windowSeconds`, before RATE_LIMIT_FACTOR. */
  max: number
  windowSeconds: number
  /** Past `max`, a growing delay of at most this many seconds instead of a refusal. */
  delayCapSeconds?: number
}

/** What counting needs of the app: the database, the clock and RATE_LIMIT_FACTOR. */
export type LimitContext = Pick<AppContext, 'db' | 'clock' | 'config'>

/** A hit that was let through and counted, so it can be taken back (takeBackHit). */
export interface CountedHit {
  key: string
  rule: WindowRule
  atMs: number
  previousLastHitMs: number
}

function keyOf(limit: RateLimit, subject: string): string {
  return `${limit.name}:${subject.toLowerCase()}`
}

/** RATE_LIMIT_FACTOR scales the counts, never the windows or the delays. */
function ruleOf(limit: RateLimit, ctx: LimitContext): WindowRule {
  return {
    windowSeconds: limit.windowSeconds,
    max: Math.max(1, Math.floor(limit.max * ctx.config.rateLimitFactor)),
    ...(limit.delayCapSeconds === undefined ? {} : { delayCapSeconds: limit.delayCapSeconds }),
  }
}

/** The 429, its wait rounded up to whole seconds: after Retry-After the next hit passes. */
function tooManyAttempts(waitMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
  const minutes = Math.ceil(retryAfter / 60)
  const amount =
    retryAfter < 60
      ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`
  return new AppError(429, `Too many attempts. Please wait ${amount} and try again.`, undefined, {
    'retry-after': String(retryAfter),
  })
}

interface StoredWindow {
  state: WindowState
  /** Null when the key has no row yet. */
  version: number | null
}

const windowRow = preparedQuery((db, key: string) =>
  db.selectFrom('rate_limit_windows').select(['state', 'version']).where('key', '=', key),
)

/** Prepared: every login reads three of these, and building the query would cost more. */
async function readWindow(db: Db, key: string): Promise<StoredWindow> {
  const [row] = await windowRow(db, key)
  return row
    ? { state: decodeWindow(row.state), version: row.version }
    : { state: EMPTY_WINDOW, version: null }
}

/**
 * Stores `next` only if the row is still the version that was read (or, for a new key, still
 * absent): true when it was stored. Of several processes counting the same key at once exactly
 * one wins each round and the others read again, so no hit slips past the limit unseen. One
 * statement each, no transaction: atomic on SQLite and PostgreSQL alike.
 */
async function storeWindow(
  db: Db,
  key: string,
  read: StoredWindow,
  next: WindowState,
  rule: WindowRule,
): Promise<boolean> {
  const state = encodeWindow(next)
  const countsUntil = countsUntilMs(next, rule)
  if (read.version === null) {
    const inserted = await db
      .insertInto('rate_limit_windows')
      .values({ key, state, version: 1, counts_until_ms: countsUntil })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    return inserted !== undefined
  }
  const updated = await db
    .updateTable('rate_limit_windows')
    .set({ state, version: read.version + 1, counts_until_ms: countsUntil })
    .where('key', '=', key)
    .where('version', '=', read.version)
    .returning('key')
    .executeTakeFirst()
  return updated !== undefined
}

/**
 * Counts a hit of `subject` against a sliding-window limit kept in the database, so every server
 * process behind a load balancer sees the same count (docs/decisions.md, "Sliding rate limits and
 * login limits"). Over the limit it answers 429 with Retry-After: the seconds after which the next
 * hit will be let through, if nothing else hits meanwhile. Refused hits are not counted.
 */
export async function hitRateLimit(
  ctx: LimitContext,
  limit: RateLimit,
  subject: string,
): Promise<CountedHit> {
  const [hit] = await hitRateLimits(ctx, [[limit, subject]])
  if (!hit) throw new Error('one limit, one hit')
  return hit
}

async function countHit(ctx: LimitContext, check: Check): Promise<CountedHit> {
  let read = check.read
  // Each lost round means another hit was stored, and a full window stores none: this ends.
  for (;;) {
    const nowMs = ctx.clock().getTime()
    const allowedAt = earliestAllowedMs(read.state, check.rule, nowMs)
    if (allowedAt > nowMs) throw tooManyAttempts(allowedAt - nowMs)
    const next = withHit(read.state, check.rule, nowMs)
    if (await storeWindow(ctx.db, check.key, read, next, check.rule)) {
      return {
        key: check.key,
        rule: check.rule,
        atMs: nowMs,
        previousLastHitMs: read.state.lastHitMs,
      }
    }
    read = await readWindow(ctx.db, check.key)
  }
}

interface Check {
  key: string
  rule: WindowRule
  /** The row as first read, before counting. */
  read: StoredWindow
}

/**
 * Counts one hit against each limit (per IP, per e-mail…), all or none: a request refused by any
 * of them counts against none. All are read first, so a refusal writes nothing (a flood against a
 * full window is reads only) and its Retry-After is the longest wait among them.
 */
export async function hitRateLimits(
  ctx: LimitContext,
  limitsAndSubjects: [limit: RateLimit, subject: string][],
): Promise<CountedHit[]> {
  const checks = await Promise.all(
    limitsAndSubjects.map(async ([limit, subject]): Promise<Check> => {
      const key = keyOf(limit, subject)
      return { key, rule: ruleOf(limit, ctx), read: await readWindow(ctx.db, key) }
    }),
  )
  const nowMs = ctx.clock().getTime()
  const allowedAt = Math.max(
    nowMs,
    ...checks.map((check) => earliestAllowedMs(check.read.state, check.rule, nowMs)),
  )
  if (allowedAt > nowMs) throw tooManyAttempts(allowedAt - nowMs)

  const counted: CountedHit[] = []
  try {
    for (const check of checks) counted.push(await countHit(ctx, check))
  } catch (error) {
    // Another request filled a window between the read and the count.
    for (const hit of counted) await takeBackHit(ctx, hit)
    throw error
  }
  return counted
}

/** Takes a counted hit back, as if it had never come. */
export async function takeBackHit(ctx: LimitContext, hit: CountedHit): Promise<void> {
  for (;;) {
    const read = await readWindow(ctx.db, hit.key)
    if (read.version === null) return
    if (await storeWindow(ctx.db, hit.key, read, withoutHit(read.state, hit.rule, hit), hit.rule)) {
      return
    }
  }
}

/** Forgets every hit of `subject` against `limit`. */
export async function clearRateLimit(
  ctx: LimitContext,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  await ctx.db.deleteFrom('rate_limit_windows').where('key', '=', keyOf(limit, subject)).execute()
}

/** Drops rows whose hits all count for nothing any more (the periodic job). */
export async function pruneRateLimits(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  await ctx.db
    .deleteFrom('rate_limit_windows')
    .where('counts_until_ms', '<=', ctx.clock().getTime())
    .execute()
}
