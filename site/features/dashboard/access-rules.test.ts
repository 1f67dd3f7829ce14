import { describe, expect, it } from 'vitest'
import { accessFromUser, badgeLabel, badgeTone, daysUntil } from './access-rules.ts'
import { formatDate } from './format.ts'

const now = new Date('2025-06-01T12:00:00.000Z')
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString()

describe('days left (docs/product.md#days-left)', () => {
  it.each([
    [at(1), 1],
    [at(23.99), 1],
    [at(24), 1],
    [at(24.01), 2],
    [at(24 * 7), 7],
    [at(24 * 365), 365],
  ])('counts whole days up: %s → %i', (end, days) => {
    expect(daysUntil(end, now)).toBe(days)
  })

  it.each([[at(0)], [at(-1)], [at(-24 * 30)], [null], ['not a date']])(
    'never goes below 0 (%s)',
    (end) => {
      expect(daysUntil(end, now)).toBe(0)
    },
  )
})

describe('access from /users/me (docs/product.md#access, #dashboard-gate)', () => {
  it('subscribed: days until expiry, not a trial', () => {
    expect(
      accessFromUser(
        { is_subscribed: true, subscription_expiry: at(24 * 30), trial_end: null },
        now,
      ),
    ).toEqual({ allowed: true, days: 30, isTrial: false, renewal: null })
  })

  it('subscribed: how it goes on at its expiry, as /users/me says', () => {
    const expiry = at(24 * 30)
    expect(
      accessFromUser(
        {
          is_subscribed: true,
          subscription_expiry: expiry,
          subscription_state: 'renewing',
          trial_end: null,
        },
        now,
      ),
    ).toEqual({
      allowed: true,
      days: 30,
      isTrial: false,
      renewal: { state: 'renewing', on: expiry },
    })
  })

  it('subscribed wins over a trial that is still running', () => {
    expect(
      accessFromUser(
        { is_subscribed: true, subscription_expiry: at(48), trial_end: at(24 * 5) },
        now,
      ),
    ).toEqual({ allowed: true, days: 2, isTrial: false, renewal: null })
  })

  it('not subscribed with a future trial_end: a trial, days counted the same way', () => {
    expect(
      accessFromUser(
        { is_subscribed: false, subscription_expiry: null, trial_end: at(24 * 6.5) },
        now,
      ),
    ).toEqual({ allowed: true, days: 7, isTrial: true, renewal: null })
  })

  it.each([
    ['ended', at(-1)],
    ['ending right now', at(0)],
    ['missing', null],
  ])('a trial %s gives 0 days and no access', (_case, trialEnd) => {
    expect(
      accessFromUser({ is_subscribed: false, subscription_expiry: null, trial_end: trialEnd }, now),
    ).toEqual({ allowed: false, days: 0, isTrial: false, renewal: null })
  })
})

describe('header badge (docs/product.md#header-badge)', () => {
  it('shows nothing while the days are unknown', () => {
    expect(badgeLabel(null, false)).toBeNull()
    expect(badgeLabel(null, true)).toBeNull()
  })

  it('shows Expired at 0 days, trial or not', () => {
    expect(badgeLabel(0, false)).toBe('Expired')
    expect(badgeLabel(0, true)).toBe('Expired')
  })

  it.each([
    [1, true, 'Trial: 1 day left'],
    [7, true, 'Trial: 7 days left'],
    [1, false, '1 day left'],
    [365, false, '365 days left'],
  ])('%i days, trial %s → "%s"', (days, isTrial, label) => {
    expect(badgeLabel(days, isTrial)).toBe(label)
  })
})

describe('header badge of a subscription: what happens next, not a countdown', () => {
  const on = '2030-06-15T12:00:00.000Z'

  it('a renewing plan: "Renews on <date>"', () => {
    const renewal = { state: 'renewing', on } as const
    expect(badgeLabel(30, false, renewal)).toBe(`Renews on ${formatDate(on)}`)
    expect(badgeTone(30, false, renewal)).toBe('active')
  })

  it('a cancelled plan: "Ends on <date>"', () => {
    const renewal = { state: 'ending', on } as const
    expect(badgeLabel(12, false, renewal)).toBe(`Ends on ${formatDate(on)}`)
    expect(badgeTone(12, false, renewal)).toBe('ending')
  })

  it('bought during the trial and not charged yet: the trial’s days left', () => {
    const renewal = { state: 'trialing', on } as const
    expect(badgeLabel(5, false, renewal)).toBe('Trial: 5 days left')
    expect(badgeTone(5, false, renewal)).toBe('trial')
  })

  it('still Expired at 0 days, whatever the state', () => {
    expect(badgeLabel(0, false, { state: 'renewing', on })).toBe('Expired')
    expect(badgeTone(0, false, { state: 'renewing', on })).toBe('expired')
  })
})
