import type { AppContext } from '../app-context.ts'
import { addSeconds } from '../clock.ts'
import type { CrmDeliveryRow } from '../db/schema.ts'
import { newId } from '../db/ids.ts'
import { claimDue } from '../outbox/claim-due.ts'
import { drainLoop, type DrainLoop } from '../outbox/drain-loop.ts'
import {
  openCrmConnections,
  retryable,
  type AttemptOutcome,
  type CrmConnections,
} from './crm-delivery.ts'
import {
  CRM_MAX_ATTEMPTS,
  CRM_QUEUE,
  CRM_RETRY_DELAYS_SECONDS,
  parsePayload,
  type CrmPayload,
} from './crm-outbox.ts'
import { TARGET_GONE, crmRequest } from './crm-request.ts'

/**
 * How long a claim keeps other senders off a delivery: far longer than an attempt may take (each
 * times out after ATTEMPT_TIMEOUT_MS, and a pass's attempts run side by side), so it lapses only when its
 * sender died; another then takes the delivery over.
 */
export const CRM_LEASE_SECONDS = 120
/** Deliveries claimed, and attempted side by side, per pass. */
export const CRM_BATCH_SIZE = 10
export const CRM_POLL_MS = 1000

export const ALL_DO_NOT_CALL =
  'Every lead in it was marked do-not-call after it was sent; nothing was sent.'

export interface CrmDrainResult {
  sent: number
  /** Attempts that failed and will be tried again. */
  retrying: number
  /** Deliveries given up in this pass. */
  failed: number
}

/** Just what the sender logs; Fastify's logger fits. */
export interface CrmSenderLog {
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}

export interface CrmSender extends DrainLoop {
  /** One pass: claims the due deliveries (up to one batch) and attempts each once. */
  drainOnce: () => Promise<CrmDrainResult>
}

/** One attempt as the log keeps it; `url` is empty when nothing was sent. */
interface Attempt {
  url: string
  leadCount: number
  statusCode: number | null
  error: string | null
  retry: boolean
}

const silentLog: CrmSenderLog = { warn: () => undefined, error: () => undefined }

/** How a person reads a refusal by Follow Up Boss of the key it was given. */
function personalError(row: CrmDeliveryRow, outcome: AttemptOutcome): string | null {
  const keyRefused = outcome.statusCode === 401 || outcome.statusCode === 403
  if (row.target === 'follow_up_boss' && keyRefused) {
    return `Follow Up Boss refused your API key (HTTP ${outcome.statusCode}). Check it in Follow Up Boss (Admin → API) and save it again.`
  }
  return outcome.error
}

/**
 * Delivers the CRM outbox (crm-outbox.ts). Every process may run one: deliveries are claimed with
 * a lease (outbox/claim-due.ts), so two senders never attempt one at the same time, and one whose
 * sender died is taken over when its lease lapses. Each attempt goes to the agent's target as set
 * now, carries only leads not marked do-not-call since, and is written to the delivery log
 * (lead_crm_attempts). A failure worth retrying (no answer, 408, 429, 5xx) waits
 * CRM_RETRY_DELAYS_SECONDS; a refusal (any other answer but 2xx, a target the SSRF rules refuse, a
 * setting that is gone) fails the delivery at once.
 */
export function createCrmSender(
  ctx: AppContext,
  options: {
    log?: CrmSenderLog
    batchSize?: number
    attemptTimeoutMs?: number
    leaseSeconds?: number
  } = {},
): CrmSender {
  const log = options.log ?? silentLog
  const batchSize = options.batchSize ?? CRM_BATCH_SIZE
  const leaseSeconds = options.leaseSeconds ?? CRM_LEASE_SECONDS

  /** The frozen leads minus those marked do-not-call since the agent sent them. */
  async function stillSendable(row: CrmDeliveryRow, payload: CrmPayload): Promise<CrmPayload> {
    const ids = payload.leads.map((lead) => lead._id)
    if (!ids.length) return payload
    const marked = await ctx.db
      .selectFrom('leads')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('id', 'in', ids)
      .where('status', '=', 'do_not_call')
      .execute()
    if (!marked.length) return payload
    const dropped = new Set(marked.map((m) => m.id))
    return { ...payload, leads: payload.leads.filter((lead) => !dropped.has(lead._id)) }
  }

  async function logAttempt(
    row: CrmDeliveryRow,
    number: number,
    at: Date,
    done: Attempt,
  ): Promise<void> {
    await ctx.db
      .insertInto('lead_crm_attempts')
      .values({
        id: newId(),
        delivery_id: row.id,
        user_id: row.user_id,
        target: row.target,
        url: done.url,
        attempt: number,
        lead_count: done.leadCount,
        status_code: done.statusCode,
        error: done.error,
        succeeded: done.error === null ? 1 : 0,
        created_at: at.toISOString(),
      })
      .execute()
  }

  /** One attempt: what went where, and what came of it; `retry` when another may succeed. */
  async function attempt(
    row: CrmDeliveryRow,
    at: Date,
    connections: CrmConnections,
  ): Promise<Attempt> {
    const payload = await stillSendable(row, parsePayload(row.payload ?? '{"leads":[]}'))
    const leadCount = payload.leads.length
    const given = { url: '', leadCount, statusCode: null, retry: false }
    if (!leadCount) return { ...given, error: ALL_DO_NOT_CALL }
    const delivery = {
      id: row.id,
      exportId: row.export_id,
      userId: row.user_id,
      target: row.target,
      payload,
    }
    const request = await crmRequest(ctx, delivery, at)
    if (!request) return { ...given, error: TARGET_GONE[row.target] }
    const outcome = await connections.post(request)
    const { statusCode } = outcome
    return {
      url: request.url,
      leadCount,
      statusCode,
      error: personalError(row, outcome),
      retry: !outcome.refused && (statusCode === null || retryable(statusCode)),
    }
  }

  async function deliver(
    id: string,
    lease: string,
    connections: CrmConnections,
    result: CrmDrainResult,
  ): Promise<void> {
    const row = await ctx.db
      .selectFrom('crm_deliveries')
      .selectAll()
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .executeTakeFirst()
    if (!row) return
    const number = row.attempts + 1
    const at = ctx.clock()
    const done = await attempt(row, at, connections)
    await logAttempt(row, number, at, done)

    const now = ctx.clock()
    const finished = {
      attempts: number,
      lead_count: done.leadCount,
      locked_until: null,
      last_status: done.statusCode,
      last_error: done.error,
    }
    if (done.error === null) {
      result.sent++
      // Not conditional on the lease: the CRM has it, whoever holds the row now. The frozen
      // leads are not needed any more.
      await ctx.db
        .updateTable('crm_deliveries')
        .set({ ...finished, status: 'sent', payload: null, finished_at: now.toISOString() })
        .where('id', '=', id)
        .execute()
      return
    }
    const giveUp = !done.retry || number >= CRM_MAX_ATTEMPTS
    if (giveUp) result.failed++
    else result.retrying++
    log.warn(
      { deliveryId: id, target: row.target, attempt: number, status: done.statusCode },
      giveUp ? 'CRM delivery failed; giving up' : 'CRM delivery failed; will retry',
    )
    const wait = CRM_RETRY_DELAYS_SECONDS[Math.min(number, CRM_RETRY_DELAYS_SECONDS.length) - 1]
    const next = giveUp
      ? { status: 'failed' as const, finished_at: now.toISOString() }
      : { status: 'queued' as const, next_attempt_at: addSeconds(now, wait ?? 0).toISOString() }
    // Only while the lease is still ours: a sender that took the delivery over decides now.
    await ctx.db
      .updateTable('crm_deliveries')
      .set({ ...finished, ...next })
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .execute()
  }

  async function drainOnce(): Promise<CrmDrainResult> {
    const result: CrmDrainResult = { sent: 0, retrying: 0, failed: 0 }
    const { ids, lease } = await claimDue(ctx.db, CRM_QUEUE, ctx.clock(), {
      leaseSeconds,
      limit: batchSize,
    })
    if (!ids.length) return result
    const connections = openCrmConnections(ctx, {
      log,
      ...(options.attemptTimeoutMs ? { attemptTimeoutMs: options.attemptTimeoutMs } : {}),
    })
    try {
      const settled = await Promise.allSettled(
        ids.map((id) => deliver(id, lease, connections, result)),
      )
      // Left leased: retried by whichever sender claims it once the lease lapses.
      for (const s of settled) {
        if (s.status === 'rejected') {
          const err: unknown = s.reason
          log.error({ err }, 'CRM delivery attempt failed unexpectedly')
        }
      }
    } finally {
      await connections.close()
    }
    return result
  }

  const loop = drainLoop(
    async () => {
      const r = await drainOnce()
      // A full batch means more may be due: go again at once.
      return { more: r.sent + r.retrying + r.failed >= batchSize }
    },
    { pollMs: CRM_POLL_MS, log, name: 'CRM sender' },
  )
  return { drainOnce, start: loop.start, stop: loop.stop }
}
