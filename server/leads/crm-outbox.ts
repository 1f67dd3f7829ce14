import { sql } from 'kysely'
import type { CrmTarget, Lead } from '../../api/schemas/leads.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/database.ts'
import { newId } from '../db/ids.ts'
import type { LeasedQueue } from '../outbox/claim-due.ts'

/**
 * Waits before each retry of a CRM delivery, after the 1st, 2nd, … failed attempt: about eight and
 * a half hours in all, long enough to ride out a CRM's outage. After the last the delivery is
 * failed (docs/product.md#crm).
 */
export const CRM_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600]
export const CRM_MAX_ATTEMPTS = CRM_RETRY_DELAYS_SECONDS.length + 1

/** The CRM deliveries as the shared claim (outbox/claim-due.ts) sees them. */
export const CRM_QUEUE: LeasedQueue = {
  table: 'crm_deliveries',
  // A `sending` row whose lease lapsed lost its sender: it is taken over.
  open: sql<boolean>`status in ('queued', 'sending')`,
  onClaim: sql`status = 'sending'`,
}

/**
 * What a delivery carries, frozen when the agent sent it: the leads as they were then, and for a
 * webhook batch its place in the send. Where it goes (URL, secret, API key) is read from the
 * agent's settings at each attempt, never copied here.
 */
export interface CrmPayload {
  leads: Lead[]
  batch?: { number: number; last: boolean }
}

export function parsePayload(text: string): CrmPayload {
  // Written by queueCrmDeliveries only.
  return JSON.parse(text) as CrmPayload
}

/** Rows per insert: well under SQLite's bound-value limit, even for big payloads. */
const INSERT_CHUNK = 100

/**
 * Queues deliveries of one send, due at once. Call it in the transaction that reads the leads, so
 * a send is queued whole or not at all. Answers the delivery ids, in order.
 */
export async function queueCrmDeliveries(
  db: Db,
  clock: Clock,
  send: { userId: string; exportId: string; target: CrmTarget },
  payloads: readonly CrmPayload[],
): Promise<string[]> {
  const now = clock().toISOString()
  const rows = payloads.map((payload) => ({
    id: newId(),
    user_id: send.userId,
    export_id: send.exportId,
    target: send.target,
    payload: JSON.stringify(payload),
    lead_count: payload.leads.length,
    status: 'queued' as const,
    next_attempt_at: now,
    locked_until: null,
    last_status: null,
    last_error: null,
    created_at: now,
    finished_at: null,
  }))
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('crm_deliveries')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute()
  }
  return rows.map((row) => row.id)
}
