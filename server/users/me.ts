import { routes } from '../../api/routes.ts'
import { isSubscribed, loadAccountStatus } from '../billing/access.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { isAdminEmail } from './admins.ts'

/**
 * SPEC §3 "User". `is_subscribed` and `subscription_expiry` are the subscription half of the
 * access rule (billing/access.ts), `trial_end` the other, so the site's gate and days-left count
 * agree with what the server enforces.
 */
export default defineRoute(routes.me, async ({ userId }, ctx) => {
  const account = await loadAccountStatus(ctx.db, userId)
  // A valid token for a deleted account: the session is over.
  if (!account) throw new AppError(401, 'Your session has expired. Please log in again.')
  const subscribed = isSubscribed(account, ctx.clock())
  return {
    data: {
      _id: account.userId,
      full_name: account.fullName,
      email: account.email,
      phone: account.phone,
      is_subscribed: subscribed,
      subscription_expiry: subscribed ? (account.subscription?.expiry ?? null) : null,
      trial_end: account.trialEnd,
      is_admin: isAdminEmail(ctx.config, account.email),
    },
  }
})
