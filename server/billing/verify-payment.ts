import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'

/**
 * SPEC §7 verify-payment, called by /success with the session id. Idempotent: the first call
 * (or the provider's own completion: Pay, a webhook) activates; every later one answers the same.
 */
export default defineRoute(routes.verifyPayment, async ({ query }, ctx) => {
  const activation = await ctx.payments.verifyCheckout(query.session_id)
  return {
    data: {
      subscription_id: activation.subscriptionId,
      plan: activation.planName,
      subscription_expiry: activation.expiry,
    },
    message: 'Payment Successful.',
  }
})
