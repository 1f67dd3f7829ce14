import { api } from '../../../lib/api.ts'

/**
 * POST /payment/checkout?plan_id&email: answers the URL of the payment page
 * (docs/product.md#checkout).
 */
export function startCheckout(planId: string, email: string): Promise<{ checkout_url: string }> {
  return api.call('checkout', { query: { plan_id: planId, email } })
}
