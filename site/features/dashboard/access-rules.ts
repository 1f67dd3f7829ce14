import type { Me } from '../../../api/schemas/users.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** SPEC §4 "Days left": whole days until `end`, rounded up, never below 0; 0 when unknown. */
export function daysUntil(end: string | null, now: Date): number {
  if (end === null) return 0
  const ms = Date.parse(end) - now.getTime()
  if (Number.isNaN(ms) || ms <= 0) return 0
  return Math.ceil(ms / DAY_MS)
}

/** What the access gate decides from `/users/me`. */
export interface Access {
  /** Subscribed, or on a trial that has not ended (SPEC §4, DESIGN §3 access rule). */
  allowed: boolean
  /** Days left of the subscription or the trial. */
  days: number
  /** On the free trial (not subscribed, trial_end in the future). */
  isTrial: boolean
}

/**
 * SPEC §4: subscribed with an expiry gives the days until expiry and is not a trial; not
 * subscribed with a future trial_end is a trial; a trial that ended or is missing gives 0 days and
 * no access.
 */
export function accessFromUser(
  user: Pick<Me, 'is_subscribed' | 'subscription_expiry' | 'trial_end'>,
  now: Date,
): Access {
  if (user.is_subscribed) {
    return { allowed: true, days: daysUntil(user.subscription_expiry, now), isTrial: false }
  }
  const trialDays = daysUntil(user.trial_end, now)
  if (trialDays > 0) return { allowed: true, days: trialDays, isTrial: true }
  return { allowed: false, days: 0, isTrial: false }
}

/** "1 day" / "N days". */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/**
 * SPEC §4 header badge: nothing while unknown (null), Expired at 0 days, "Trial: N day(s) left"
 * on the trial, "N day(s) left" for a subscription.
 */
export function badgeLabel(days: number | null, isTrial: boolean): string | null {
  if (days === null) return null
  if (days <= 0) return 'Expired'
  return isTrial ? `Trial: ${dayCount(days)} left` : `${dayCount(days)} left`
}
