import { sql, type Kysely } from 'kysely'
import { brand } from '../../api/brand.ts'
import type { SubscriptionState } from '../../api/schemas/users.ts'
import type { AppContext } from '../app-context.ts'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { planCharge } from './plans.ts'

/** The user's current subscription as the dashboard and the access rule see it. */
export interface CurrentSubscription {
  id: string
  planId: string
  planName: string
  /** When the paid period ends (UTC ISO-8601); access ends with it unless it renews. */
  expiry: string
  cancelAtPeriodEnd: boolean
  /** Bought during the free trial: its first charge falls then (trial-carry-over.ts). */
  trialEnd: string | null
  /** What each period costs, in cents: what the next renewal charges. */
  periodCents: number
}

/** How a current subscription goes on at its expiry (api/schemas/users.ts). */
export function subscriptionState(subscription: CurrentSubscription, now: Date): SubscriptionState {
  if (subscription.cancelAtPeriodEnd) return 'ending'
  const trialEnd = subscription.trialEnd === null ? Number.NaN : Date.parse(subscription.trialEnd)
  return trialEnd > now.getTime() ? 'trialing' : 'renewing'
}

/** Everything the access rule reads about one account. */
export interface AccountStatus {
  userId: string
  fullName: string
  email: string
  phone: string
  trialEnd: string | null
  /** The active subscription whose period ends last, even when that end has passed. */
  subscription: CurrentSubscription | null
}

/** Why a user may not use the product, with the fix, per place that asks. */
export type AccessPurpose = 'dashboard' | 'conversion' | 'leads'

/**
 * THE access rule (docs/product.md#access), the one place it is written: subscribed with an expiry in the
 * future, or a trial that ends in the future. The dashboard, /users/me and the extension's
 * conversion all decide through this.
 */
export function hasAccess(
  status: Pick<AccountStatus, 'trialEnd' | 'subscription'>,
  now: Date,
): boolean {
  return isSubscribed(status, now) || isOnTrial(status, now)
}

/** The subscription half of the rule: what /users/me reports as `is_subscribed`. */
export function isSubscribed(status: Pick<AccountStatus, 'subscription'>, now: Date): boolean {
  return status.subscription !== null && Date.parse(status.subscription.expiry) > now.getTime()
}

function isOnTrial(status: Pick<AccountStatus, 'trialEnd'>, now: Date): boolean {
  return status.trialEnd !== null && Date.parse(status.trialEnd) > now.getTime()
}

/**
 * The account joined to its current subscription and that subscription's plan: the active one
 * whose period ends last (of two ending together, the greater id). The subscription is picked by
 * a scalar subquery on its id with a literal LIMIT 1: SQLite materialized the earlier
 * derived-table join with a bound LIMIT into a temporary table on every call, 60+ µs against
 * ~12 µs for this form
 * (docs/operations.md#where-usersme-spends-its-time). Other queries add their own columns to it.
 */
export function accountWithSubscription(db: Kysely<Database>, userId: string) {
  const current = db
    .selectFrom('subscriptions as latest')
    .select('latest.id')
    .where('latest.user_id', '=', userId)
    .where('latest.status', '=', 'active')
    // Both descending: the index (migration 0017) is then read backwards, without a sort.
    .orderBy('latest.current_period_end', 'desc')
    .orderBy('latest.id', 'desc')
    .limit(sql.lit(1))
  return db
    .selectFrom('users')
    .leftJoin('subscriptions', (join) => join.on('subscriptions.id', '=', current))
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'users.id',
      'users.full_name',
      'users.email',
      'users.phone',
      'users.trial_end',
      'users.session_generation',
      'subscriptions.id as subscription_id',
      'subscriptions.plan_id',
      'plans.package_name',
      'subscriptions.current_period_end',
      'subscriptions.cancel_at_period_end',
      'subscriptions.trial_end as subscription_trial_end',
      'plans.amount_cents',
      'plans.billing_cycle',
    ])
    .where('users.id', '=', userId)
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountWithSubscription>['execute']>>[number]

/** What the access rule reads, from a row of accountWithSubscription. */
export function toAccountStatus(row: AccountRow): AccountStatus {
  return {
    userId: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    trialEnd: row.trial_end,
    subscription:
      row.subscription_id &&
      row.plan_id &&
      row.package_name &&
      row.current_period_end &&
      row.amount_cents !== null &&
      row.billing_cycle !== null
        ? {
            id: row.subscription_id,
            planId: row.plan_id,
            planName: row.package_name,
            expiry: row.current_period_end,
            cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
            trialEnd: row.subscription_trial_end,
            periodCents: planCharge({
              amount_cents: row.amount_cents,
              billing_cycle: row.billing_cycle,
            }).amountCents,
          }
        : null,
  }
}

/** Compiled once (db/prepared.ts): the account and its current subscription, by user id. */
export const accountQuery = preparedQuery(accountWithSubscription)

/** The account and its current subscription; undefined for an unknown user. */
export async function loadAccountStatus(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountStatus | undefined> {
  const [row] = await accountQuery(db, userId)
  return row ? toAccountStatus(row) : undefined
}

/** The 402 message for a user without access: what happened and what fixes it. */
export function accessDeniedMessage(
  status: Pick<AccountStatus, 'subscription'>,
  purpose: AccessPurpose,
): string {
  if (purpose === 'dashboard') return 'You need an active subscription to access the dashboard.'
  const what = status.subscription
    ? 'Your subscription has ended.'
    : `Your ${brand.trialDays}-day free trial has ended.`
  const keep = purpose === 'leads' ? 'saving leads' : 'converting listings'
  return `${what} Choose a plan on the Pricing page to keep ${keep}.`
}

/**
 * Loads the caller's account and stops the request unless the access rule holds: 402 with a
 * message naming the fix. 401 when the account no longer exists.
 */
export async function requireAccess(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  purpose: AccessPurpose,
): Promise<AccountStatus> {
  const status = await loadAccountStatus(ctx.db, userId)
  if (!status) throw new AppError(401, 'Your session has expired. Please log in again.')
  return ensureAccess(status, ctx.clock(), purpose)
}

/** The access rule on an account already loaded: the account, or 402 naming the fix. */
export function ensureAccess(
  status: AccountStatus,
  now: Date,
  purpose: AccessPurpose,
): AccountStatus {
  if (!hasAccess(status, now)) throw new AppError(402, accessDeniedMessage(status, purpose))
  return status
}
