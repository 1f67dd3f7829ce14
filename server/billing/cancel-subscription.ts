import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import {
  findCancellableSubscription,
  markCancelAtPeriodEnd,
  NO_ACTIVE_SUBSCRIPTION,
} from './subscriptions.ts'

/**
 * Cancelling (docs/product.md#cancel): renewal stops, access stays until the period ends, then the
 * user is downgraded (the renewal job, or Stripe's `customer.subscription.deleted`).
 */
export default defineRoute(routes.cancelSubscription, async ({ body, userId }, ctx) => {
  const now = ctx.clock()
  const subscription = await findCancellableSubscription(ctx.db, userId, body.subscription_id, now)
  if (!subscription) throw new AppError(404, NO_ACTIVE_SUBSCRIPTION)
  let updated
  if (subscription.provider === ctx.payments.name) {
    updated = await ctx.payments.cancelAtPeriodEnd(subscription)
  } else if (subscription.provider === 'test') {
    // Left from before Stripe was configured: only our own renewal job reads the flag.
    updated = await markCancelAtPeriodEnd(ctx.db, subscription.id, now)
  } else {
    throw new AppError(503, 'Subscriptions paid through Stripe cannot be changed right now.')
  }
  return {
    data: {
      subscription_id: updated.id,
      cancel_at_period_end: updated.cancel_at_period_end === 1,
      subscription_expiry: updated.current_period_end,
    },
    message: 'Subscription canceled successfully.',
  }
})
