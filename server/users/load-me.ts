import type { Me } from '../../api/schemas/users.ts'
import type { AppContext } from '../app-context.ts'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { isSubscribed, loadAccountStatus, subscriptionState } from '../billing/access.ts'
import { preparedQuery } from '../db/prepared.ts'
import { AppError } from '../http/app-error.ts'
import { isAdminEmail } from './admins.ts'

/** What Settings adds to the account: the agent profile and an e-mail change under way. */
const settingsQuery = preparedQuery((db, userId: string) =>
  db
    .selectFrom('users')
    .leftJoin('agent_profiles', 'agent_profiles.user_id', 'users.id')
    .select([
      'users.pending_email',
      'agent_profiles.listing_name',
      'agent_profiles.license_number',
      'agent_profiles.license_state',
      'agent_profiles.brokerage',
    ])
    .where('users.id', '=', userId),
)

/**
 * The account as GET and PATCH /users/me answer it (docs/account.md). `is_subscribed` and
 * `subscription_expiry` are the subscription half of the access rule (billing/access.ts),
 * `trial_end` the other, so the site's gate and days-left count agree with what the server
 * enforces.
 */
export async function loadMe(ctx: AppContext, userId: string): Promise<Me> {
  const [account, [settings]] = await Promise.all([
    loadAccountStatus(ctx.db, userId),
    settingsQuery(ctx.db, userId),
  ])
  // A valid token for a deleted account: the session is over.
  if (!account || !settings) throw new AppError(401, SESSION_ENDED_MESSAGE)
  const now = ctx.clock()
  const subscription = isSubscribed(account, now) ? account.subscription : null
  return {
    _id: account.userId,
    full_name: account.fullName,
    email: account.email,
    phone: account.phone,
    is_subscribed: subscription !== null,
    subscription_expiry: subscription?.expiry ?? null,
    subscription_state: subscription ? subscriptionState(subscription, now) : null,
    trial_end: account.trialEnd,
    is_admin: isAdminEmail(ctx.config, account.email),
    agent_profile:
      settings.listing_name !== null && settings.brokerage !== null
        ? {
            listing_name: settings.listing_name,
            license_number: settings.license_number,
            license_state: settings.license_state,
            brokerage: settings.brokerage,
          }
        : null,
    pending_email: settings.pending_email,
  }
}
