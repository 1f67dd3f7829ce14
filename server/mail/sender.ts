import { sql } from 'kysely'
import type { AppContext } from '../app-context.ts'
import { addSeconds } from '../clock.ts'
import { claimDue, type LeasedQueue } from '../outbox/claim-due.ts'
import { drainLoop } from '../outbox/drain-loop.ts'
import type { MailTransport } from './transport.ts'

/** Attempts before a message is given up and left marked failed. */
export const MAX_ATTEMPTS = 10
/** The first retry waits this long; each further one twice as long, up to the cap. */
export const FIRST_RETRY_SECONDS = 30
export const MAX_RETRY_SECONDS = 3600
/**
 * How long a claim keeps other senders off a message. Far longer than a send may take (the SMTP
 * transport times out first), so a message is only claimed again when its sender died.
 */
export const LEASE_SECONDS = 300
export const BATCH_SIZE = 20
export const POLL_MS = 1000

/** Seconds to wait after the given number of failed attempts. */
export function retryDelaySeconds(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1)
  // Capped before exponentiation grows without bound.
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.min(exponent, 20))
}

export interface DrainResult {
  sent: number
  /** Attempts that failed, including the ones given up. */
  failed: number
  /** Messages given up for good in this pass. */
  gaveUp: number
}

/** Just what the sender logs; Fastify's logger fits. */
export interface SenderLog {
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}

export interface MailSender {
  readonly transport: MailTransport
  /** One pass: claims the due messages (up to one batch) and tries each once. */
  drainOnce: () => Promise<DrainResult>
  /** Polls about every second until stopped; the timer does not keep the process alive. */
  start: () => void
  /** Stops polling and waits for the batch in flight, so the database can close after it. */
  stop: () => Promise<void>
}

const MAIL_QUEUE: LeasedQueue = {
  table: 'outbox',
  open: sql<boolean>`sent_at is null and failed_at is null`,
}

const silentLog: SenderLog = { warn: () => undefined, error: () => undefined }

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, 1000)
}

/**
 * Delivers the outbox. Every process may run one: a message is claimed by a conditional UPDATE
 * that only succeeds while no lease is held, so two senders on one database never both send it.
 */
export function createMailSender(
  ctx: AppContext,
  transport: MailTransport,
  options: { log?: SenderLog; batchSize?: number; leaseSeconds?: number } = {},
): MailSender {
  const log = options.log ?? silentLog
  const batchSize = options.batchSize ?? BATCH_SIZE
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS

  async function deliver(id: string, lease: string, result: DrainResult): Promise<void> {
    const row = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .executeTakeFirst()
    if (!row) return
    const attempts = row.attempts + 1
    try {
      await transport.send({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      })
    } catch (error) {
      const now = ctx.clock()
      const gaveUp = attempts >= MAX_ATTEMPTS
      result.failed++
      if (gaveUp) result.gaveUp++
      log[gaveUp ? 'error' : 'warn'](
        { err: error, mailId: id, kind: row.kind, attempts },
        gaveUp ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry',
      )
      await ctx.db
        .updateTable('outbox')
        .set({
          attempts,
          last_error: errorText(error),
          locked_until: null,
          next_attempt_at: gaveUp
            ? row.next_attempt_at
            : addSeconds(now, retryDelaySeconds(attempts)).toISOString(),
          failed_at: gaveUp ? now.toISOString() : null,
        })
        .where('id', '=', id)
        .where('locked_until', '=', lease)
        .execute()
      return
    }
    result.sent++
    // Not conditional on the lease: the message went out, whoever holds the row now.
    await ctx.db
      .updateTable('outbox')
      .set({ attempts, sent_at: ctx.clock().toISOString(), locked_until: null })
      .where('id', '=', id)
      .execute()
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, gaveUp: 0 }
    const { ids, lease } = await claimDue(ctx.db, MAIL_QUEUE, ctx.clock(), {
      leaseSeconds,
      limit: batchSize,
    })
    for (const id of ids) await deliver(id, lease, result)
    return result
  }

  const loop = drainLoop(
    // A full batch means more may be due: go again at once.
    async () => {
      const r = await drainOnce()
      return { more: r.sent + r.failed >= batchSize }
    },
    { pollMs: POLL_MS, log, name: 'mail sender' },
  )

  return {
    transport,
    drainOnce,
    start: loop.start,
    stop: loop.stop,
  }
}
