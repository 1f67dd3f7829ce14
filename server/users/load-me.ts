import type { Kysely } from 'kysely'
import type { Me } from '../../api/schemas/users.ts'
import type { AppContext } from '../app-context.ts'
import { SESSION_ENDED_MESSAGE, sessionLive } from '../auth/authenticate.ts'
import {
  accountWithSubscription,
  isSubscribed,
  subscriptionState,
  toAccountStatus,
} from '../billing/access.ts'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { isAdminEmail } from './admins.ts'

/** The account, its current subscription and what Settings adds, in one statement. */
function meRow(db: Kysely<Database>, userId: string) {
  return accountWithSubscription(db, userId)
    .leftJoin('agent_profiles', 'agent_profiles.user_id', 'users.id')
    .select([
      'users.pending_email',
      'agent_profiles.listing_name',
      'agent_profiles.license_number',
      'agent_profiles.license_state',
      'agent_profiles.brokerage',
    ])
}

const meQuery = preparedQuery(meRow)

/** meRow with the session check: GET /users/me authenticates with it (define-route.ts). */
export const meSessionQuery = preparedQuery((db, userId: string, sessionId: string) =>
  meRow(db, userId).select(sessionLive(sessionId)),
)

/**
 * The account as GET and PATCH /users/me answer it (docs/account.md). `is_subscribed` and
 * `subscription_expiry` are the subscription half of the access rule (billing/access.ts),
 * `trial_end` the other, so the site's gate and days-left count agree with what the server
 * enforces.
 */
export async function loadMe(ctx: AppContext, userId: string): Promise<Me> {
  const [row] = await meQuery(ctx.db, userId)
  // A valid token for a deleted account: the session is over.
  if (!row) throw new AppError(401, SESSION_ENDED_MESSAGE)
  return toMe(ctx, row)
}

export type MeRow = Awaited<ReturnType<typeof meQuery>>[number]

/** The answer from the account's row (meQuery). */
export function toMe(ctx: AppContext, row: MeRow): Me {
  const account = toAccountStatus(row)
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
      row.listing_name !== null && row.brokerage !== null
        ? {
            listing_name: row.listing_name,
            license_number: row.license_number,
            license_state: row.license_state,
            brokerage: row.brokerage,
          }
        : null,
    pending_email: row.pending_email,
  }
}
