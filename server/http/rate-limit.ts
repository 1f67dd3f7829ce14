import { sql } from 'kysely'
import type { AppContext } from '../app-context.ts'
import { AppError } from './app-error.ts'

export interface RateLimit {
  /** Names the limit in the key, e.g. `login:ip`. */
  name: string
  /** Allowed hits per window before RATE_LIMIT_FACTOR. */
  max: number
  windowSeconds: number
}

/**
 * Fixed-window counter kept in the database, so every server process behind a load balancer
 * sees the same count (DESIGN §2: nothing lives only in one process's memory).
 */
export async function hitRateLimit(
  ctx: AppContext,
  limit: RateLimit,
  subject: string,
): Promise<void> {
  const nowSeconds = Math.floor(ctx.clock().getTime() / 1000)
  const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds)
  const key = `${limit.name}:${subject.toLowerCase()}`
  const row = await ctx.db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow()
  const max = Math.max(1, Math.floor(limit.max * ctx.config.rateLimitFactor))
  if (row.count > max) {
    const retryAfter = windowStart + limit.windowSeconds - nowSeconds
    const minutes = Math.ceil(retryAfter / 60)
    throw new AppError(
      429,
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    )
  }
}

/** Checks every limit for its subject (per IP, per e-mail…); the first one over stops the request. */
export async function hitRateLimits(
  ctx: AppContext,
  checks: [limit: RateLimit, subject: string][],
): Promise<void> {
  for (const [limit, subject] of checks) await hitRateLimit(ctx, limit, subject)
}

/** Windows are at most a day long, so older ones count for nothing; the periodic job drops them. */
export async function pruneRateLimits(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const dayAgo = Math.floor(ctx.clock().getTime() / 1000) - 86_400
  await ctx.db.deleteFrom('rate_limit_hits').where('window_start', '<', dayAgo).execute()
}
