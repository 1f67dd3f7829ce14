import { createHmac } from 'node:crypto'
import { Agent, request as undiciRequest } from 'undici'
import type { CrmTarget } from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import { newId } from '../db/ids.ts'
import { RefusedTargetError, checkedLookup, targetPolicy, targetUrlProblem } from './crm-target.ts'

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
  /** Why the target may not be reached (crm-target.ts): nothing was sent, nor retried. */
  refused: string | null
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export interface CrmRequest {
  userId: string
  target: CrmTarget
  url: string
  leadCount: number
  /** The request of one attempt: its raw JSON body and headers (made per attempt, for the time). */
  build: (deliveryId: string, now: Date) => { body: string; headers: Record<string, string> }
}

/** An attempt that threw, said for a person; a refused target is recognised by its class. */
function describeFailure(error: unknown, timedOut: boolean): { message: string; refused: boolean } {
  // Its message names the host, never the address it resolved to (that is logged, not shown).
  if (error instanceof RefusedTargetError) return { message: error.message, refused: true }
  if (timedOut)
    return { message: `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`, refused: false }
  const message = error instanceof Error ? error.message : String(error)
  return { message: message.slice(0, 500), refused: false }
}

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'resolveHost'>

/** Where a refused target's resolved address is written: the server's log (the request's). */
export interface CrmLog {
  warn: (obj: object, msg: string) => void
}

export interface CrmSender {
  deliver: (request: CrmRequest) => Promise<DeliveryResult>
  close: () => Promise<void>
}

/**
 * A sender for one export: its connections go only to addresses the SSRF rules checked
 * (crm-target.ts), through `ctx.resolveHost`, and are kept alive between the deliveries of this
 * export, then closed. Plain http has an agent of its own whose lookup lets through only listed
 * private addresses.
 */
export function openCrmSender(ctx: Ctx, serverLog?: CrmLog): CrmSender {
  const policy = targetPolicy(ctx.config)
  const agents = new Map<boolean, Agent>()
  function agentFor(url: string): Agent {
    const plainHttp = new URL(url).protocol === 'http:'
    let agent = agents.get(plainHttp)
    if (!agent) {
      agent = new Agent({
        connect: { lookup: checkedLookup(policy, ctx.resolveHost, { plainHttp }) },
      })
      agents.set(plainHttp, agent)
    }
    return agent
  }

  async function log(
    request: CrmRequest,
    deliveryId: string,
    attempt: number,
    statusCode: number | null,
    error: string | null,
  ): Promise<void> {
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
        status_code: statusCode,
        error,
        succeeded: error === null ? 1 : 0,
        created_at: ctx.clock().toISOString(),
      })
      .execute()
  }

  /**
   * Posts JSON to a CRM, retried with back-off on network errors, timeouts, 408, 429 and 5xx
   * until a 2xx or the attempts run out; every attempt is written to the delivery log
   * (lead_crm_attempts), a refused target too, as one failed attempt with the reason. Redirects
   * are not followed: a CRM answers where it was configured.
   */
  async function deliver(request: CrmRequest): Promise<DeliveryResult> {
    const deliveryId = newId()
    const staticProblem = targetUrlProblem(request.url, policy)
    if (staticProblem) {
      await log(request, deliveryId, 1, null, staticProblem)
      const refused = { lastStatus: null, lastError: staticProblem, refused: staticProblem }
      return { deliveryId, delivered: false, attempts: 1, ...refused }
    }
    const maxAttempts = RETRY_DELAYS_MS.length + 1
    let lastError: string | null = null
    let lastStatus: number | null = null
    let attempt = 0
    while (attempt < maxAttempts) {
      if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0)
      attempt++
      const { body, headers } = request.build(deliveryId, ctx.clock())
      lastStatus = null
      const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)
      let refused = false
      try {
        const response = await undiciRequest(request.url, {
          method: 'POST',
          dispatcher: agentFor(request.url),
          signal,
          headers: { 'content-type': 'application/json', ...headers },
          body,
        })
        lastStatus = response.statusCode
        await response.body.dump()
        lastError = lastStatus >= 200 && lastStatus < 300 ? null : `HTTP ${lastStatus}`
      } catch (error) {
        const failure = describeFailure(error, signal.aborted)
        lastError = failure.message
        refused = failure.refused
        if (error instanceof RefusedTargetError) {
          serverLog?.warn(
            { target: request.target, host: new URL(request.url).hostname, address: error.address },
            'CRM delivery refused: the target resolves to an address it may not reach',
          )
        }
      }
      await log(request, deliveryId, attempt, lastStatus, lastError)
      if (refused) {
        return {
          deliveryId,
          delivered: false,
          attempts: attempt,
          lastStatus,
          lastError,
          refused: lastError,
        }
      }
      if (lastError === null) {
        return {
          deliveryId,
          delivered: true,
          attempts: attempt,
          lastStatus,
          lastError,
          refused: null,
        }
      }
      if (lastStatus !== null && !retryable(lastStatus)) break
    }
    return { deliveryId, delivered: false, attempts: attempt, lastStatus, lastError, refused: null }
  }

  return {
    deliver,
    close: async () => {
      await Promise.all([...agents.values()].map((agent) => agent.destroy()))
    },
  }
}

/** One delivery with a sender of its own. */
export async function deliverToCrm(
  ctx: Ctx,
  request: CrmRequest,
  log?: CrmLog,
): Promise<DeliveryResult> {
  const sender = openCrmSender(ctx, log)
  try {
    return await sender.deliver(request)
  } finally {
    await sender.close()
  }
}
