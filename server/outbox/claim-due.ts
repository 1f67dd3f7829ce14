import { sql, type RawBuilder } from 'kysely'
import { addSeconds } from '../clock.ts'
import type { Db } from '../db/database.ts'

/**
 * A table a sender drains: rows with `id`, `next_attempt_at` and a `locked_until` lease (the
 * e-mail outbox, the CRM deliveries).
 */
export interface LeasedQueue {
  table: 'outbox' | 'crm_deliveries'
  /** Rows still to deliver: not sent and not given up. */
  open: RawBuilder<boolean>
  /** More to set on a claimed row, e.g. its status. */
  onClaim?: RawBuilder<unknown>
}

export interface Claim {
  ids: string[]
  /** The lease set on them: a sender's later writes to a row hold only while it is still this. */
  lease: string
}

/**
 * Leases up to `limit` open rows that are due and not leased (or whose lease lapsed with its
 * sender) in one UPDATE … RETURNING. Its WHERE is checked again on every row it writes, so of two
 * senders claiming at once (several processes, SQLite or PostgreSQL) only one gets each row; the
 * other skips it. A lapsed lease is taken over: its sender died mid-attempt.
 */
export async function claimDue(
  db: Db,
  queue: LeasedQueue,
  now: Date,
  options: { leaseSeconds: number; limit: number },
): Promise<Claim> {
  const nowIso = now.toISOString()
  const lease = addSeconds(now, options.leaseSeconds).toISOString()
  const table = sql.table(queue.table)
  const free = sql<boolean>`(locked_until is null or locked_until <= ${nowIso})`
  const alsoSet = queue.onClaim ? sql`, ${queue.onClaim}` : sql``
  const result = await sql<{ id: string }>`
    update ${table} set locked_until = ${lease}${alsoSet}
    where id in (
      select id from ${table}
      where ${queue.open} and next_attempt_at <= ${nowIso} and ${free}
      order by next_attempt_at
      limit ${options.limit}
    )
    and ${queue.open} and ${free}
    returning id
  `.execute(db)
  return { ids: result.rows.map((row) => row.id), lease }
}
