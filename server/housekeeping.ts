import { FILL_REPORT_LIMITS } from '../api/schemas/fill-reports.ts'
import type { AppContext } from './app-context.ts'
import { pruneRateLimits } from './http/rate-limit.ts'

/** How often each server process clears what can no longer matter. Safe on several instances. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000

/** How long the CRM delivery log keeps a delivery: long enough to answer "did it arrive?". */
export const CRM_ATTEMPT_RETENTION_DAYS = 90

/**
 * Drops rows that only grow otherwise: old rate-limit windows, expired refresh and one-time
 * tokens (an expired token is refused whether or not its row exists) and CRM deliveries whose
 * newest attempt is older than CRM_ATTEMPT_RETENTION_DAYS, all their attempts at once (the log
 * folds attempts into one delivery; half of one would show the wrong attempt count and outcome),
 * their finished outbox rows (crm_deliveries) with them, and fill reports older than
 * FILL_REPORT_LIMITS.retentionDays.
 */
export async function pruneExpired(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock()
  const nowIso = now.toISOString()
  await pruneRateLimits(ctx)
  await ctx.db.deleteFrom('refresh_tokens').where('expires_at', '<', nowIso).execute()
  await ctx.db.deleteFrom('one_time_tokens').where('expires_at', '<', nowIso).execute()
  const crmCutoff = new Date(now.getTime() - CRM_ATTEMPT_RETENTION_DAYS * 86_400_000)
  const cutoff = crmCutoff.toISOString()
  await ctx.db
    .deleteFrom('lead_crm_attempts')
    .where('created_at', '<', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('lead_crm_attempts as newer')
            .select('newer.id')
            .whereRef('newer.delivery_id', '=', 'lead_crm_attempts.delivery_id')
            .where('newer.created_at', '>=', cutoff),
        ),
      ),
    )
    .execute()
  // The outbox rows of those deliveries; one still queued or being retried is never old.
  await ctx.db
    .deleteFrom('crm_deliveries')
    .where('status', 'in', ['sent', 'failed'])
    .where('finished_at', '<', cutoff)
    .execute()
  const fillCutoff = new Date(
    now.getTime() - FILL_REPORT_LIMITS.retentionDays * 86_400_000,
  ).toISOString()
  // Fields carry their report's time: deleting them by it walks an index instead of cascading
  // report by report.
  await ctx.db.deleteFrom('fill_report_fields').where('created_at', '<', fillCutoff).execute()
  await ctx.db.deleteFrom('fill_reports').where('created_at', '<', fillCutoff).execute()
}

export function startHousekeeping(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  log: { error: (obj: object, msg: string) => void },
): () => void {
  const run = () => {
    pruneExpired(ctx).catch((error: unknown) => {
      log.error({ err: error }, 'housekeeping failed')
    })
  }
  run()
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS)
  timer.unref()
  return () => {
    clearInterval(timer)
  }
}
