import { describe, expect, it } from 'vitest'
import { MIN_TRIAL_LEFT_MS, trialCarryOver } from './trial-carry-over.ts'

const now = new Date('2026-11-21T12:00:00.000Z')

describe('trialCarryOver (when a subscription bought during the trial is first charged)', () => {
  it('is the trial’s end while more than 48 hours (and the margin) are left', () => {
    expect(trialCarryOver('2026-11-27T12:00:00.000Z', now)?.toISOString()).toBe(
      '2026-11-27T12:00:00.000Z',
    )
  })

  it('is never sooner than Stripe’s 48-hour floor and its margin', () => {
    const floor = new Date(now.getTime() + MIN_TRIAL_LEFT_MS).toISOString()
    expect(floor).toBe('2026-11-23T12:10:00.000Z')
    expect(trialCarryOver('2026-11-21T13:00:00.000Z', now)?.toISOString()).toBe(floor)
  })

  it('falls on a whole second, rounded up, as Stripe counts', () => {
    expect(trialCarryOver('2026-11-27T12:00:00.250Z', now)?.toISOString()).toBe(
      '2026-11-27T12:00:01.000Z',
    )
  })

  it('is undefined without a running trial: the checkout charges at once', () => {
    expect(trialCarryOver(null, now)).toBeUndefined()
    expect(trialCarryOver(now.toISOString(), now)).toBeUndefined()
    expect(trialCarryOver('2026-11-20T12:00:00.000Z', now)).toBeUndefined()
    expect(trialCarryOver('not a date', now)).toBeUndefined()
  })
})
