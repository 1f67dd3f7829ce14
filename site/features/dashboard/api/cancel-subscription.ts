import { api } from '../../../lib/api.ts'

/**
 * POST /payment/cancel-subscription: renewal stops; access stays until expiry
 * (docs/product.md#cancel).
 */
export function cancelSubscription(subscriptionId: string) {
  return api.call('cancelSubscription', { body: { subscription_id: subscriptionId } })
}
