import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendNotice, successUrl, type CheckoutPagesDeps, type SessionRoute } from './page-reply.ts'
import { cancelOpenSession, loadSession } from './sessions.ts'

/** POST Cancel: the session is cancelled and the browser goes to the site's cancel page. */
export function cancelCheckout(deps: CheckoutPagesDeps) {
  const { db, config } = deps
  return async (request: FastifyRequest<SessionRoute>, reply: FastifyReply) => {
    const { sessionId } = request.params
    if (!(await cancelOpenSession(db, sessionId))) {
      const session = await loadSession(db, sessionId)
      if (!session) return sendNotice(deps, reply, 'missing')
      // Already paid: cancelling the page cannot undo it; show the result instead.
      if (session.status === 'paid')
        return reply.redirect(successUrl(config.siteUrl, sessionId), 303)
    }
    return reply.redirect(`${config.siteUrl}/cancel`, 303)
  }
}
