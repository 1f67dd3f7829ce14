import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { planCharge } from '../plans.ts'
import { trialCarryOver } from '../trial-carry-over.ts'
import {
  sendNotice,
  sendPage,
  successUrl,
  type CheckoutPagesDeps,
  type SessionRoute,
} from './page-reply.ts'
import { renderCheckoutPage } from './pages.ts'

const featureList = z.array(z.string())

/** GET the checkout page: the plan, the account, what is due, and Pay and Cancel. */
export function showCheckout(deps: CheckoutPagesDeps) {
  const { db, clock, config } = deps
  return async (request: FastifyRequest<SessionRoute>, reply: FastifyReply) => {
    const { sessionId } = request.params
    const row = await db
      .selectFrom('checkout_sessions')
      .innerJoin('plans', 'plans.id', 'checkout_sessions.plan_id')
      .innerJoin('users', 'users.id', 'checkout_sessions.user_id')
      .select([
        'checkout_sessions.status',
        'checkout_sessions.expires_at',
        'plans.package_name',
        'plans.amount_cents',
        'plans.billing_cycle',
        'plans.features',
        'users.email',
        'users.trial_end',
      ])
      .where('checkout_sessions.id', '=', sessionId)
      .where('checkout_sessions.provider', '=', 'test')
      .executeTakeFirst()
    if (!row) return sendNotice(deps, reply, 'missing')
    if (row.status === 'paid') return reply.redirect(successUrl(config.siteUrl, sessionId), 303)
    if (row.status === 'canceled') return sendNotice(deps, reply, 'canceled')
    if (row.expires_at <= clock().toISOString()) return sendNotice(deps, reply, 'expired')
    return sendPage(
      deps,
      reply,
      200,
      renderCheckoutPage({
        sessionId,
        siteUrl: config.siteUrl,
        planName: row.package_name,
        monthlyCents: row.amount_cents,
        charge: planCharge(row),
        features: featureList.parse(JSON.parse(row.features)),
        email: row.email,
        firstChargeAt: trialCarryOver(row.trial_end, clock())?.toISOString() ?? null,
      }),
    )
  }
}
