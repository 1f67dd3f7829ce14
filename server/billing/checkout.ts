import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { findActivePlan } from './plans.ts'
import { hasRenewingSubscription } from './subscriptions.ts'

export const UNKNOWN_PLAN_MESSAGE = 'This plan does not exist. Choose a plan on the Pricing page.'
export const OTHER_EMAIL_MESSAGE =
  'The e-mail address does not match your account. Log in with the account you want to subscribe.'
export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. You can manage it from your dashboard.'

/**
 * Checkout (docs/product.md#checkout): query plan_id and email, empty body; answers where the
 * browser goes next.
 */
export default defineRoute(routes.checkout, async ({ query, userId }, ctx) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'trial_end'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new AppError(401, 'Your session has expired. Please log in again.')
  if (query.email.toLowerCase() !== user.email) {
    throw new AppError(403, OTHER_EMAIL_MESSAGE, { email: OTHER_EMAIL_MESSAGE })
  }
  const plan = await findActivePlan(ctx.db, query.plan_id)
  if (!plan) throw new AppError(422, UNKNOWN_PLAN_MESSAGE, { plan_id: UNKNOWN_PLAN_MESSAGE })
  // A second renewing subscription would bill twice; after cancelling, paying again extends.
  if (await hasRenewingSubscription(ctx.db, user.id, ctx.clock())) {
    throw new AppError(409, ALREADY_SUBSCRIBED_MESSAGE)
  }
  const { checkoutUrl } = await ctx.payments.createCheckout({
    user: { id: user.id, email: user.email, fullName: user.full_name, trialEnd: user.trial_end },
    plan,
  })
  return { data: { checkout_url: checkoutUrl } }
})
