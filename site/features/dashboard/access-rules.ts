import type { Me, SubscriptionState } from '../../../api/schemas/users.ts'
import { formatDate } from './format.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whole days until `end`, rounded up, never below 0; 0 when unknown
 * (docs/product.md#days-left).
 */
export function daysUntil(end: string | null, now: Date): number {
  if (end === null) return 0
  const ms = Date.parse(end) - now.getTime()
  if (Number.isNaN(ms) || ms <= 0) return 0
  return Math.ceil(ms / DAY_MS)
}

/** What the access gate decides from `/users/me`. */
export interface Access {
  /** Subscribed, or on a trial that has not ended (docs/product.md#access). */
  allowed: boolean
  /** Days left of the subscription or the trial. */
  days: number
  /** On the free trial (not subscribed, trial_end in the future). */
  isTrial: boolean
  /** How the subscription goes on, and when; null without one. */
  renewal: Renewal | null
}

/** A subscription's next step: renewed, ended, or first charged (its kept trial) `on` a date. */
export interface Renewal {
  state: SubscriptionState
  on: string
}

/** The renewal /users/me or /users/dashboard tells of; null without a subscription. */
export function renewalOf(
  subject: Pick<Me, 'subscription_state' | 'subscription_expiry'>,
): Renewal | null {
  const { subscription_state: state, subscription_expiry: on } = subject
  return state && on ? { state, on } : null
}

/**
 * Days left (docs/product.md#days-left): subscribed with an expiry gives the days until expiry
 * and is not a trial; not subscribed with a future trial_end is a trial; a trial that ended or is
 * missing gives 0 days and no access.
 */
export function accessFromUser(
  user: Pick<Me, 'is_subscribed' | 'subscription_expiry' | 'trial_end'> &
    Partial<Pick<Me, 'subscription_state'>>,
  now: Date,
): Access {
  if (user.is_subscribed) {
    return {
      allowed: true,
      days: daysUntil(user.subscription_expiry, now),
      isTrial: false,
      renewal: renewalOf({
        subscription_state: user.subscription_state ?? null,
        subscription_expiry: user.subscription_expiry,
      }),
    }
  }
  const trialDays = daysUntil(user.trial_end, now)
  if (trialDays > 0) return { allowed: true, days: trialDays, isTrial: true, renewal: null }
  return { allowed: false, days: 0, isTrial: false, renewal: null }
}

/** "1 day" / "N days". */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/**
 * The header badge (docs/product.md#header-badge): nothing while unknown (null), Expired at 0
 * days, "Trial: N day(s) left" on the trial. A subscription says what happens next rather than
 * counting down, which reads like a warning: "Renews on <date>", "Ends on <date>" once
 * cancelled, and the trial's days while a subscription bought during the trial has not been
 * charged yet. "N day(s) left" only when the server did not say.
 */
export function badgeLabel(
  days: number | null,
  isTrial: boolean,
  renewal: Renewal | null = null,
): string | null {
  if (days === null) return null
  if (days <= 0) return 'Expired'
  if (renewal?.state === 'renewing') return `Renews on ${formatDate(renewal.on)}`
  if (renewal?.state === 'ending') return `Ends on ${formatDate(renewal.on)}`
  if (isTrial || renewal?.state === 'trialing') return `Trial: ${dayCount(days)} left`
  return `${dayCount(days)} left`
}

export type BadgeTone = 'expired' | 'trial' | 'ending' | 'active'

/** The badge's colour: the same cases as its words. */
export function badgeTone(days: number, isTrial: boolean, renewal: Renewal | null): BadgeTone {
  if (days <= 0) return 'expired'
  if (renewal?.state === 'ending') return 'ending'
  if (isTrial || renewal?.state === 'trialing') return 'trial'
  return 'active'
}
