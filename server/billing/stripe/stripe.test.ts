import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { createTestApp, loggedInUser, type TestApp } from '../../testing/test-app.ts'
import {
  cancelSubscription,
  checkout,
  dashboard,
  endTrial,
  me,
  transactionCount,
  verifyPayment,
} from '../testing/helpers.ts'
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signEvent,
  startFakeStripe,
  type FakeStripe,
} from '../testing/fake-stripe.ts'

let stripe: FakeStripe
let t: TestApp
let now = new Date('2026-11-20T12:00:00.000Z')

beforeAll(async () => {
  // The fake bills on the app's clock, so periods and expiries line up.
  stripe = await startFakeStripe(() => (t as TestApp | undefined)?.clock() ?? now)
})
afterAll(async () => {
  await stripe.close()
})
beforeEach(async () => {
  stripe.requests.length = 0
  t = await createTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  })
  now = t.clock()
})
afterEach(async () => {
  await t.close()
})

function deliver(event: Stripe.Event, secret = FAKE_WEBHOOK_SECRET, signature?: string) {
  const payload = JSON.stringify(event)
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? signEvent(payload, secret),
    },
    payload,
  })
}

async function count(
  table: 'webhook_events' | 'subscriptions' | 'transactions' | 'checkout_sessions',
) {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The fake keeps its objects across tests: the one made last. */
function latest(
  objects: Map<string, Record<string, unknown>>,
): { id: string } & Record<string, unknown> {
  const last = [...objects.values()].pop()
  if (!last) throw new Error('the fake has none')
  return last as { id: string } & Record<string, unknown>
}

/**
 * A user who started a Stripe checkout; answers the session id. Their trial is over first unless
 * `keepTrial`: a checkout during the trial keeps it (no charge until it ends).
 */
async function startStripeCheckout(planId = 'pro-monthly', { keepTrial = false } = {}) {
  const user = await loggedInUser(t)
  if (!keepTrial) await endTrial(t, user)
  const res = await checkout(t, user, planId)
  expect(res.statusCode).toBe(200)
  const sessionId = latest(stripe.sessions).id
  expect(res.json().data?.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`)
  return { user, sessionId }
}

describe('Stripe Checkout (against a local fake of the Stripe API)', () => {
  it('subscribes through Checkout and webhooks, verifies, cancels at period end, and ends', async () => {
    const { user, sessionId } = await startStripeCheckout()

    // The session: subscription mode, one price per plan found by lookup key, success URL template.
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')
    expect(created?.params).toMatchObject({
      mode: 'subscription',
      success_url: 'http://localhost:5173/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/cancel',
      client_reference_id: user.userId,
      customer_email: user.email,
      line_items: [{ quantity: '1' }],
      subscription_data: { metadata: { user_id: user.userId, plan_id: 'pro-monthly' } },
    })
    const price = latest(stripe.prices)
    expect(price).toMatchObject({
      lookup_key: 'listingbridge_pro-monthly',
      unit_amount: 4900,
      currency: 'usd',
      recurring: { interval: 'month' },
    })
    // A second checkout (the first was abandoned) reuses the price, from the cache.
    const pricesBefore = stripe.prices.size
    await checkout(t, user, 'pro-monthly')
    expect(stripe.prices.size).toBe(pricesBefore)
    expect(stripe.requests.filter((r) => r.path === '/v1/prices')).toHaveLength(2) // list + create

    // Not paid yet: verify refuses.
    const early = await verifyPayment(t, sessionId)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe('This checkout has not been paid. No charges were made.')

    // The customer pays; Stripe sends its events, signed.
    for (const event of stripe.completeCheckout(sessionId)) {
      const res = await deliver(event)
      expect(res.statusCode).toBe(200)
    }
    const subscription = latest(stripe.subscriptions)
    const expiry = '2026-12-20T12:00:00.000Z'
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: true,
      subscription_expiry: expiry,
    })
    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({ current_plan: 'Pro Monthly', subscription_expiry: expiry })
    const transactions = board?.recent_transactions as { _id: string }[]
    expect(transactions[0]?._id).toMatch(/^[\w-]{36}$/)
    expect(transactions).toEqual([
      {
        _id: transactions[0]?._id,
        transaction_timestamp: '2026-11-20T12:00:00.000Z',
        payment_type: 'subscription_create',
        transaction_amount_in_usd: 49,
        transaction_currency: 'usd',
        transaction_status: 'succeeded',
        receipt_url: `https://invoice.stripe.test/i/${subscription.id}/1795176000`,
      },
    ])

    // /success's verify after the webhooks: the same answer, nothing new.
    const verified = await verifyPayment(t, sessionId)
    expect(verified.statusCode).toBe(200)
    expect(verified.json().data).toEqual({
      subscription_id: board?.active_subscription_id,
      plan: 'Pro Monthly',
      subscription_expiry: expiry,
      charge: {
        amount_in_usd: 49,
        currency: 'usd',
        date: '2026-11-20T12:00:00.000Z',
        status: 'charged',
      },
    })
    expect(await transactionCount(t)).toBe(1)

    // Cancel: Stripe is told, access stays.
    const subscriptionId = String(board?.active_subscription_id)
    const cancelled = await cancelSubscription(t, user, subscriptionId)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().data).toEqual({
      subscription_id: subscriptionId,
      cancel_at_period_end: true,
      subscription_expiry: expiry,
    })
    expect(stripe.subscriptions.get(subscription.id)).toMatchObject({ cancel_at_period_end: true })
    expect(
      stripe.requests.find(
        (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`,
      )?.params,
    ).toEqual({ cancel_at_period_end: 'true' })
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: true })

    // At period end Stripe deletes it: downgraded.
    t.clock.set(new Date(expiry))
    for (const event of stripe.endSubscription(subscription.id)) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: false })
    expect((await dashboard(t, user)).statusCode).toBe(402)
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'cancel_at_period_end', 'provider'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'ended', cancel_at_period_end: 1, provider: 'stripe' })
  })

  it('renews through invoice.paid: a second transaction and a later expiry', async () => {
    const { user, sessionId } = await startStripeCheckout('pro-annual')
    for (const event of stripe.completeCheckout(sessionId)) await deliver(event)
    const subscription = latest(stripe.subscriptions)
    t.clock.set(new Date('2027-11-20T12:00:00.000Z'))
    for (const event of stripe.renew(subscription.id)) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({
      current_plan: 'Pro Annual',
      subscription_expiry: '2028-11-20T12:00:00.000Z',
    })
    expect(board?.recent_transactions).toMatchObject([
      { payment_type: 'subscription_cycle', transaction_amount_in_usd: 468 },
      { payment_type: 'subscription_create', transaction_amount_in_usd: 468 },
    ])
  })

  it('verify-payment before any webhook activates; the late webhooks then change nothing', async () => {
    const { user, sessionId } = await startStripeCheckout()
    const events = stripe.completeCheckout(sessionId)
    const [first, second] = await Promise.all([
      verifyPayment(t, sessionId),
      verifyPayment(t, sessionId),
    ])
    expect(first.statusCode).toBe(200)
    expect(second.json().data).toEqual(first.json().data)
    expect(await transactionCount(t, user.userId)).toBe(1)
    for (const event of events) await deliver(event)
    expect(await transactionCount(t, user.userId)).toBe(1)
    expect(await count('subscriptions')).toBe(1)
  })

  it('the same webhooks delivered 5 times each, out of order and at once, leave one transaction', async () => {
    const { user, sessionId } = await startStripeCheckout()
    const events = stripe.completeCheckout(sessionId)
    // Stripe's order reversed, each event five times, the copies interleaved and concurrent.
    const deliveries = [...events].reverse().flatMap((event) => [event, event])
    const answers = await Promise.all(
      [...deliveries, ...events, ...events, ...[...events].reverse()].map((event) =>
        deliver(event),
      ),
    )
    for (const answer of answers) expect(answer.statusCode).toBe(200)

    expect(await transactionCount(t, user.userId)).toBe(1)
    expect(await count('subscriptions')).toBe(1)
    // Each handled event applied once; the unhandled one (subscription.created) not recorded.
    expect(await count('webhook_events')).toBe(2)
    const outcomes = answers.map((a) => a.json<{ outcome: string }>().outcome)
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(2)
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(8)
    expect(outcomes.filter((o) => o === 'ignored')).toHaveLength(5)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: true })
    const session = await t.ctx.db
      .selectFrom('checkout_sessions')
      .select(['status', 'subscription_id'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(session.status).toBe('paid')
    expect(session.subscription_id).not.toBeNull()
  })

  it('a bad signature answers 400 and writes nothing', async () => {
    const { sessionId } = await startStripeCheckout()
    const events = stripe.completeCheckout(sessionId)
    const before = await Promise.all([count('subscriptions'), count('transactions')])
    for (const event of events) {
      const forged = await deliver(event, 'whsec_not_the_real_secret')
      expect(forged.statusCode).toBe(400)
      expect(forged.json()).toMatchObject({ status: 'error', message: 'Invalid Stripe signature.' })
    }
    const event = events[1] as Stripe.Event
    // Signed, then altered: the signature no longer matches the bytes.
    const payload = JSON.stringify(event)
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signEvent(payload) },
      payload: payload.replace('"amount_paid":4900', '"amount_paid":1'),
    })
    expect(tampered.statusCode).toBe(400)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(unsigned.statusCode).toBe(400)
    expect(await count('webhook_events')).toBe(0)
    expect(await Promise.all([count('subscriptions'), count('transactions')])).toEqual(before)
  })

  it('during the trial: Stripe keeps it (trial_end), charges nothing until then, and the first invoice is the first charge', async () => {
    const { user, sessionId } = await startStripeCheckout('pro-monthly', { keepTrial: true })
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')
    // The trial's end, 2026-11-27T12:00Z, in Unix seconds.
    expect(created?.params).toMatchObject({ subscription_data: { trial_end: '1795780800' } })

    for (const event of stripe.completeCheckout(sessionId)) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    const subscription = latest(stripe.subscriptions)
    expect(subscription).toMatchObject({ status: 'trialing' })
    // Its $0 opening invoice is no payment.
    expect(await transactionCount(t, user.userId)).toBe(0)
    const verified = await verifyPayment(t, sessionId)
    expect(verified.json()).toMatchObject({
      message: 'Subscription started.',
      data: {
        plan: 'Pro Monthly',
        subscription_expiry: '2026-11-27T12:00:00.000Z',
        charge: {
          amount_in_usd: 49,
          currency: 'usd',
          date: '2026-11-27T12:00:00.000Z',
          status: 'scheduled',
        },
      },
    })
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: true,
      subscription_state: 'trialing',
    })

    // The trial ends: Stripe charges the first period.
    t.clock.set(new Date('2026-11-27T12:00:00.000Z'))
    for (const event of stripe.renew(subscription.id)) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    expect((await dashboard(t, user)).json().data).toMatchObject({
      subscription_expiry: '2026-12-27T12:00:00.000Z',
      subscription_state: 'renewing',
      recent_transactions: [
        {
          payment_type: 'subscription_cycle',
          transaction_amount_in_usd: 49,
          transaction_timestamp: '2026-11-27T12:00:00.000Z',
        },
      ],
    })
    expect((await verifyPayment(t, sessionId)).json().data?.charge).toEqual({
      amount_in_usd: 49,
      currency: 'usd',
      date: '2026-11-27T12:00:00.000Z',
      status: 'charged',
    })
  })

  it('with under 48 hours of trial left, asks Stripe for the trial it accepts: 48 hours and a margin', async () => {
    const user = await loggedInUser(t) // trial ends 2026-11-27T12:00Z
    t.clock.set(new Date('2026-11-27T06:00:00.000Z')) // six hours of it left
    expect((await checkout(t, user, 'pro-monthly')).statusCode).toBe(200)
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')
    // 2026-11-29T06:10Z: the fake, like Stripe, refuses anything sooner than 48 hours.
    expect(created?.params).toMatchObject({ subscription_data: { trial_end: '1795932600' } })
  })

  it('the test checkout does not exist when Stripe is the provider', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/checkout/test/cs_test_x' })
    expect(page.statusCode).toBe(404)
    expect(await count('checkout_sessions')).toBe(0)
  })
})
