import { createHmac } from 'node:crypto'
import type { AppContext } from '../app-context.ts'
import { newId } from '../db/ids.ts'

export const SIGNATURE_HEADER = 'x-listingbridge-signature'
export const TIMESTAMP_HEADER = 'x-listingbridge-timestamp'
export const DELIVERY_HEADER = 'x-listingbridge-delivery'

/**
 * Waits before each retry. Deliveries run inside the request (synchronous, bounded), not through
 * an outbox: at most four attempts and about three seconds of back-off, each attempt with its own
 * timeout, so the answer can say whether the CRM took the leads.
 */
export const RETRY_DELAYS_MS = [250, 750, 2000]
export const ATTEMPT_TIMEOUT_MS = 10_000

/** `sha256=<hex>` of the raw body with the user's secret: what the receiver recomputes. */
export function signature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`
}

/** Worth another try: the receiver is down, overloaded or timed out; not a refusal. */
function retryable(status: number): boolean {
  return status >= 500 || status === 429 || status === 408
}

export interface DeliveryResult {
  deliveryId: string
  delivered: boolean
  attempts: number
  /** The HTTP status of the last attempt, when there was an answer. */
  lastStatus: number | null
  /** The last failure, said for a person: "HTTP 500" or the network error. */
  lastError: string | null
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export interface CrmRequest {
  userId: string
  target: 'webhook' | 'follow_up_boss'
  url: string
  leadCount: number
  /** The request of one attempt: its raw JSON body and headers (made per attempt, for the time). */
  build: (deliveryId: string, now: Date) => { body: string; headers: Record<string, string> }
}

/**
 * Posts JSON to a CRM, retried with back-off on network errors, timeouts, 408, 429 and 5xx until
 * a 2xx or the attempts run out; every attempt is written to the delivery log
 * (lead_crm_attempts). Redirects are not followed: a CRM answers where it was configured.
 */
export async function deliverToCrm(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: CrmRequest,
): Promise<DeliveryResult> {
  const deliveryId = newId()
  const maxAttempts = RETRY_DELAYS_MS.length + 1
  let lastError: string | null = null
  let lastStatus: number | null = null
  let attempt = 0
  while (attempt < maxAttempts) {
    if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0)
    attempt++
    const { body, headers } = request.build(deliveryId, ctx.clock())
    lastStatus = null
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
      lastStatus = response.status
      await response.body?.cancel()
      lastError = response.ok ? null : `HTTP ${response.status}`
    } catch (error) {
      lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500)
    }
    await ctx.db
      .insertInto('lead_crm_attempts')
      .values({
        id: newId(),
        delivery_id: deliveryId,
        user_id: request.userId,
        target: request.target,
        url: request.url,
        attempt,
        lead_count: request.leadCount,
        status_code: lastStatus,
        error: lastError,
        succeeded: lastError === null ? 1 : 0,
        created_at: ctx.clock().toISOString(),
      })
      .execute()
    if (lastError === null) {
      return { deliveryId, delivered: true, attempts: attempt, lastStatus, lastError }
    }
    if (lastStatus !== null && !retryable(lastStatus)) break
  }
  return { deliveryId, delivered: false, attempts: attempt, lastStatus, lastError }
}
