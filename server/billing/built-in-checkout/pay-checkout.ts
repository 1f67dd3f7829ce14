import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendNotice, successUrl, type CheckoutPagesDeps, type SessionRoute } from './page-reply.ts'
import { payAndFulfil } from './pay.ts'

/** POST Pay: records the test payment, then on to the site's success page. */
export function payCheckout(deps: CheckoutPagesDeps) {
  return async (request: FastifyRequest<SessionRoute>, reply: FastifyReply) => {
    const { sessionId } = request.params
    const outcome = await payAndFulfil(deps, sessionId)
    if (outcome !== 'paid') return sendNotice(deps, reply, outcome)
    return reply.redirect(successUrl(deps.config.siteUrl, sessionId), 303)
  }
}
