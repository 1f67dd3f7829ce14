import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { hasAccess, isSubscribed, requireAccess } from './access.ts'
import { dashboard, me, subscribeWithTestCheckout } from './testing/helpers.ts'

const now = new Date('2026-11-20T12:00:00.000Z')
const past = '2026-11-20T11:59:59.999Z'
const future = '2026-11-20T12:00:00.001Z'
const subscription = (expiry: string) => ({
  id: 's',
  planId: 'pro-monthly',
  planName: 'Pro Monthly',
  expiry,
  cancelAtPeriodEnd: false,
  trialEnd: null,
  periodCents: 4900,
})

describe('hasAccess (the access rule, docs/product.md#access)', () => {
  it('holds with a subscription expiring in the future or a trial ending in the future', () => {
    expect(hasAccess({ trialEnd: future, subscription: null }, now)).toBe(true)
    expect(hasAccess({ trialEnd: null, subscription: subscription(future) }, now)).toBe(true)
    expect(hasAccess({ trialEnd: past, subscription: subscription(future) }, now)).toBe(true)
    expect(hasAccess({ trialEnd: future, subscription: subscription(past) }, now)).toBe(true)
  })

  it('fails once both are over, or when neither exists', () => {
    expect(hasAccess({ trialEnd: past, subscription: subscription(past) }, now)).toBe(false)
    expect(hasAccess({ trialEnd: null, subscription: null }, now)).toBe(false)
    expect(hasAccess({ trialEnd: now.toISOString(), subscription: null }, now)).toBe(false)
    expect(isSubscribed({ subscription: subscription(now.toISOString()) }, now)).toBe(false)
  })
})

describe('access over the API', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp()
  })
  afterEach(async () => {
    await t.close()
  })

  it('denies the dashboard (402) and conversion once the trial and the subscription are both over', async () => {
    const user = await loggedInUser(t)
    t.clock.set(new Date('2026-11-27T11:59:59.000Z'))
    expect((await dashboard(t, user)).statusCode).toBe(200)
    await expect(requireAccess(t.ctx, user.userId, 'conversion')).resolves.toBeDefined()

    // The trial ends: neither trial nor subscription.
    t.clock.set(new Date('2026-11-27T12:00:00.000Z'))
    const denied = await dashboard(t, user)
    expect(denied.statusCode).toBe(402)
    expect(denied.json()).toMatchObject({
      status: 'error',
      message: 'You need an active subscription to access the dashboard.',
    })
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: false,
      subscription_expiry: null,
      trial_end: '2026-11-27T12:00:00.000Z',
    })
    await expect(requireAccess(t.ctx, user.userId, 'conversion')).rejects.toMatchObject({
      statusCode: 402,
      message:
        'Your 7-day free trial has ended. Choose a plan on the Pricing page to keep converting listings.',
    })

    // Subscribing restores access; its end (trial long over) takes it away again.
    await subscribeWithTestCheckout(t, user) // 2026-11-27T12:00Z → 2026-12-27T12:00Z
    expect((await dashboard(t, user)).statusCode).toBe(200)
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: true,
      subscription_expiry: '2026-12-27T12:00:00.000Z',
    })
    t.clock.set(new Date('2026-12-27T12:00:00.000Z'))
    expect((await dashboard(t, user)).statusCode).toBe(402)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: false })
    await expect(requireAccess(t.ctx, user.userId, 'conversion')).rejects.toMatchObject({
      statusCode: 402,
      message:
        'Your subscription has ended. Choose a plan on the Pricing page to keep converting listings.',
    })
  })
})
