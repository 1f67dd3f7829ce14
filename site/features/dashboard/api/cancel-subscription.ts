import { api } from '../../../lib/api.ts'

/** POST /payment/cancel-subscription (SPEC §7): renewal stops; access stays until expiry. */
export function cancelSubscription(subscriptionId: string) {
  return api.call('cancelSubscription', { body: { subscription_id: subscriptionId } })
}
