import { createHmac } from 'node:crypto'
import { Agent, request as undiciRequest } from 'undici'
import type { CrmTarget } from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import { RefusedTargetError, checkedLookup, targetPolicy, targetUrlProblem } from './crm-target.ts'

/** How long one attempt waits for the CRM's answer before it counts as failed (and is retried). */
export const ATTEMPT_TIMEOUT_MS = 10_000

/** `sha256=<hex>` of the raw body with the user's secret: what the receiver recomputes. */
export function signature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`
}

/** Worth another try: the receiver is down, overloaded or timed out; not a refusal. */
export function retryable(status: number): boolean {
  return status >= 500 || status === 429 || status === 408
}

/** One POST to a CRM: where, its raw JSON body and headers. */
export interface CrmPost {
  target: CrmTarget
  url: string
  body: string
  headers: Record<string, string>
}

/** What came of one attempt. */
export interface AttemptOutcome {
  /** The HTTP status, when there was an answer. */
  statusCode: number | null
  /** Null when the CRM took it (2xx); else said for a person: "HTTP 500" or the network error. */
  error: string | null
  /** The SSRF rules (crm-target.ts) refused the target: nothing was sent, and retrying won't help. */
  refused: boolean
}

/** An attempt that threw, said for a person; a refused target is recognised by its class. */
function describeFailure(error: unknown, timedOutAfterMs: number | null): string {
  // Its message names the host, never the address it resolved to (that is logged, not shown).
  if (error instanceof RefusedTargetError) return error.message
  if (timedOutAfterMs !== null) return `No answer within ${timedOutAfterMs / 1000} s`
  const message = error instanceof Error ? error.message : String(error)
  return message.slice(0, 500)
}

type Ctx = Pick<AppContext, 'config' | 'resolveHost'>

/** Where a refused target's resolved address is written: the server's log. */
export interface CrmLog {
  warn: (obj: object, msg: string) => void
}

export interface CrmConnections {
  /** One attempt; never throws for what the CRM or the network does. */
  post: (request: CrmPost) => Promise<AttemptOutcome>
  close: () => Promise<void>
}

/**
 * Connections for one pass of the CRM sender: they go only to addresses the SSRF rules checked
 * (crm-target.ts), through `ctx.resolveHost`, and are kept alive between the pass's deliveries,
 * then closed. Plain http has an agent of its own whose lookup lets through only listed private
 * addresses. Redirects are not followed: a CRM answers where it was configured.
 */
export function openCrmConnections(
  ctx: Ctx,
  options: { log?: CrmLog; attemptTimeoutMs?: number } = {},
): CrmConnections {
  const policy = targetPolicy(ctx.config)
  const timeoutMs = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS
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

  async function post(request: CrmPost): Promise<AttemptOutcome> {
    const staticProblem = targetUrlProblem(request.url, policy)
    if (staticProblem) return { statusCode: null, error: staticProblem, refused: true }
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const response = await undiciRequest(request.url, {
        method: 'POST',
        dispatcher: agentFor(request.url),
        signal,
        headers: { 'content-type': 'application/json', ...request.headers },
        body: request.body,
      })
      const statusCode = response.statusCode
      await response.body.dump()
      const taken = statusCode >= 200 && statusCode < 300
      return { statusCode, error: taken ? null : `HTTP ${statusCode}`, refused: false }
    } catch (error) {
      if (error instanceof RefusedTargetError) {
        options.log?.warn(
          { target: request.target, host: new URL(request.url).hostname, address: error.address },
          'CRM delivery refused: the target resolves to an address it may not reach',
        )
      }
      return {
        statusCode: null,
        error: describeFailure(error, signal.aborted ? timeoutMs : null),
        refused: error instanceof RefusedTargetError,
      }
    }
  }

  return {
    post,
    close: async () => {
      await Promise.all([...agents.values()].map((agent) => agent.destroy()))
    },
  }
}
