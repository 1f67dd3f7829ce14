import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'

/**
 * /success calls this with the session id. Idempotent: the first call (or the provider's own
 * completion: Pay, a webhook) activates; every later one answers the same. A checkout that
 * bought nothing is an error saying what happened (uncompletedCheckoutError).
 */
export default defineRoute(routes.verifyPayment, async ({ query }, ctx) => {
  const activation = await ctx.payments.verifyCheckout(query.session_id)
  const { charge } = activation
  return {
    data: {
      subscription_id: activation.subscriptionId,
      plan: activation.planName,
      subscription_expiry: activation.expiry,
      charge: {
        amount_in_usd: charge.amountCents / 100,
        currency: charge.currency,
        date: charge.date,
        status: charge.status,
      },
    },
    message: charge.status === 'charged' ? 'Payment Successful.' : 'Subscription started.',
  }
})
