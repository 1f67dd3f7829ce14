import {
  uncompletedCheckoutError,
  type BillingDeps,
  type PaymentProvider,
} from '../payment-provider.ts'
import { markCancelAtPeriodEnd, markEnded } from '../subscriptions.ts'
import { fulfilCheckout } from './fulfil.ts'
import { checkoutPageUrl } from './paths.ts'
import { registerCheckoutPages } from './routes.ts'
import { cancelOpenSession, loadSession, openSession } from './sessions.ts'

/**
 * The built-in test checkout, the embedded default when Stripe is not configured: a checkout
 * page on this server, a Pay button that records a test payment, and a renewal job (renewals.ts)
 * that charges again at each period end unless cancelled. No card, no money; everything else is
 * the real flow.
 */
export function createBuiltInCheckoutProvider(deps: BillingDeps): PaymentProvider {
  const { config, db, clock } = deps
  return {
    name: 'test',

    async createCheckout(request) {
      const sessionId = await openSession(db, request, clock())
      return { sessionId, checkoutUrl: checkoutPageUrl(config.apiUrl, sessionId) }
    },

    async verifyCheckout(sessionId) {
      const session = await loadSession(db, sessionId)
      if (!session) throw uncompletedCheckoutError('missing')
      if (session.status === 'canceled') throw uncompletedCheckoutError('canceled')
      if (session.status === 'open') {
        const expired = session.expires_at <= clock().toISOString()
        throw uncompletedCheckoutError(expired ? 'expired' : 'open')
      }
      return db
        .transaction()
        .execute((trx) => fulfilCheckout(trx, sessionId, { now: clock(), apiUrl: config.apiUrl }))
    },

    async cancelAtPeriodEnd(subscription) {
      // Nothing to tell: the renewal job reads the flag.
      return markCancelAtPeriodEnd(db, subscription.id, clock())
    },

    async endNow(subscription) {
      // Nothing to tell: the renewal job only renews active subscriptions.
      await markEnded(db, subscription.id, clock())
    },

    async closeUnpaidCheckout(sessionId) {
      // Cancelled, its page and its Pay button answer that it can no longer be paid.
      if (await cancelOpenSession(db, sessionId)) return 'closed'
      // Paid and fulfilled in one transaction (pay.ts): its subscription is recorded already.
      const session = await loadSession(db, sessionId)
      return session?.status === 'paid' ? 'completed' : 'closed'
    },

    registerRoutes: (app) => registerCheckoutPages(app, deps),
  }
}
