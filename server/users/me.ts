import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'

export default defineRoute(routes.me, async ({ userId }, ctx) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'phone', 'trial_end'])
    .where('id', '=', userId)
    .executeTakeFirst()
  // A valid token for a deleted account: the session is over.
  if (!user) throw new AppError(401, 'Your session has expired. Please log in again.')
  return {
    data: {
      _id: user.id,
      full_name: user.full_name,
      email: user.email,
      phone: user.phone,
      // Subscriptions arrive with billing; until then every account is on its trial.
      is_subscribed: false,
      subscription_expiry: null,
      trial_end: user.trial_end,
    },
  }
})
