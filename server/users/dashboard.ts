import { sql, type Kysely } from 'kysely'
import { routes } from '../../api/routes.ts'
import { sessionLive } from '../auth/authenticate.ts'
import {
  accountWithSubscription,
  ensureAccess,
  isSubscribed,
  subscriptionState,
  toAccountStatus,
} from '../billing/access.ts'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
import { defineRoute } from '../http/define-route.ts'
import { usageSummary, type CallCounts } from '../usage/usage-summary.ts'
import { toTransaction, TRANSACTION_COLUMNS } from './transaction-rows.ts'

/** The dashboard's transaction list is the newest ten (docs/product.md#dashboard). */
export const RECENT_TRANSACTIONS = 10

/** The newest transactions, read in the order of their index (migration 0017). */
export function newestTransactions(db: Kysely<Database>, userId: string) {
  return (
    db
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      // A literal: with a bound LIMIT SQLite sorted several times slower
      // (docs/operations.md#where-usersme-spends-its-time).
      .limit(sql.lit(RECENT_TRANSACTIONS))
  )
}

/** Compiled once; the bench's floor of this route runs it too (bench/floor-routes.ts). */
export const recentTransactions = preparedQuery(newestTransactions)

/** The account and its subscription, with the session check (define-route.ts). */
export const accountSessionQuery = preparedQuery((db, userId: string, sessionId: string) =>
  accountWithSubscription(db, userId).select(sessionLive(sessionId)),
)

function byKind({ listings, leads }: CallCounts) {
  return { listings, leads }
}

/**
 * GET /users/dashboard (docs/product.md#dashboard). Behind the access rule: without a trial
 * or a subscription it answers 402 with the message the site shows. The account's row (and its
 * subscription) is read once, with the session check (define-route.ts).
 */
export default defineRoute(
  routes.dashboard,
  async ({ userId, account: row }, ctx) => {
    const now = ctx.clock()
    const account = ensureAccess(toAccountStatus(row), now, 'dashboard')
    const [usage, transactions] = await Promise.all([
      usageSummary(ctx.db, userId, now),
      recentTransactions(ctx.db, userId),
    ])
    const subscription = isSubscribed(account, now) ? account.subscription : null
    const state = subscription ? subscriptionState(subscription, now) : null
    return {
      data: {
        total_api_calls: usage.total.calls,
        total_api_calls_last_seven_days: usage.lastSevenDays.calls,
        total_api_calls_this_month: usage.thisMonth.calls,
        api_calls_by_kind: {
          total: byKind(usage.total),
          last_seven_days: byKind(usage.lastSevenDays),
          this_month: byKind(usage.thisMonth),
        },
        api_usage_last_seven_days: usage.series.map(({ date, calls, listings, leads }) => ({
          date,
          count: calls,
          listings,
          leads,
        })),
        has_converted_listing: usage.hasListing,
        has_saved_lead: usage.hasLead,
        active_subscription_id: subscription?.id ?? null,
        current_plan: subscription?.planName ?? null,
        subscription_expiry: subscription?.expiry ?? null,
        cancel_at_period_end: subscription?.cancelAtPeriodEnd ?? false,
        subscription_state: state,
        next_charge_in_usd:
          subscription && state !== 'ending' ? subscription.periodCents / 100 : null,
        recent_transactions: transactions.map(toTransaction),
      },
    }
  },
  { account: accountSessionQuery },
)
