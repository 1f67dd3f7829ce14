import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * Helmet's headers, computed once. Our options have no per-request parts (no nonces), so the
 * headers are the same for every answer; running helmet's middleware per request halved the
 * throughput of every route (docs/decisions.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a header map keyed by name
      delete headers[name.toLowerCase()]
    },
  }
  const state = { done: false }
  helmet(options)({} as unknown as IncomingMessage, res as unknown as ServerResponse, () => {
    state.done = true
  })
  if (!state.done) throw new Error('helmet did not finish synchronously')
  return headers
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = computeSecurityHeaders(options)
  app.addHook('onRequest', (_request, reply, next) => {
    void reply.headers(headers)
    next()
  })
}
