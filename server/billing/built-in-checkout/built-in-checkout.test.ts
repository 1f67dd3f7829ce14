import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../../testing/test-app.ts'
import { runRenewals } from '../renewals.ts'
import { breakableEmail } from './pages.ts'
import {
  cancelSubscription,
  checkout,
  dashboard,
  endTrial,
  formAction,
  me,
  PAY_BUTTON,
  pathOf,
  payOnTestCheckout,
  submitForm,
  subscribeWithTestCheckout,
  successSessionId,
  transactionCount,
  verifyPayment,
} from '../testing/helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const DAY = 86_400

describe('the built-in test checkout, end to end', () => {
  it('a user whose trial is over: checkout → pay → verify → dashboard → cancel → still active → expiry → downgraded', async () => {
    const user = await loggedInUser(t, { name: 'Ann Agent' })

    // A trial user: access through the trial only.
    const trial = (await me(t, user)).json().data
    expect(trial).toMatchObject({
      is_subscribed: false,
      subscription_expiry: null,
      subscription_state: null,
      trial_end: '2026-11-27T12:00:00.000Z',
    })

    t.clock.set(new Date('2026-11-28T12:00:00.000Z')) // the trial is over
    const started = await checkout(t, user, 'pro-monthly')
    expect(started.statusCode).toBe(200)
    const checkoutUrl = String(started.json().data?.checkout_url)
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:\d+\/checkout\/test\/cs_test_[\w-]{32}$/)

    // The page: marked as a test, plan and price, Pay and Cancel, no script, strict CSP.
    const page = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Test checkout — no charge')
    expect(page.body).toContain('Pro Monthly')
    expect(page.body).toMatch(/<dt>Due today<\/dt><dd>\$49\.00<\/dd>/)
    expect(page.body).not.toContain('first charge')
    expect(page.body).toContain(breakableEmail(user.email))
    expect(page.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/)
    expect(page.body).not.toMatch(/<script/i)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("form-action 'self' http://localhost:5173")
    expect(formAction(page.body, /Cancel/)).toMatch(/\/cancel$/)

    // Pay → the site's success page with the session id.
    const paid = await submitForm(t, formAction(page.body, /Pay \$49\.00/))
    expect(paid.statusCode).toBe(303)
    const location = String(paid.headers.location)
    expect(location).toMatch(/^http:\/\/localhost:5173\/success\?session_id=cs_test_/)
    const sessionId = successSessionId(location)

    // /success verifies: charged now, for a month.
    const verified = await verifyPayment(t, sessionId)
    expect(verified.statusCode).toBe(200)
    const expiry = '2026-12-28T12:00:00.000Z'
    const subscriptionId = String(verified.json().data?.subscription_id)
    expect(subscriptionId).toMatch(/^[\w-]{36}$/)
    expect(verified.json()).toEqual({
      status: 'success',
      message: 'Payment Successful.',
      data: {
        subscription_id: subscriptionId,
        plan: 'Pro Monthly',
        subscription_expiry: expiry,
        charge: {
          amount_in_usd: 49,
          currency: 'usd',
          date: '2026-11-28T12:00:00.000Z',
          status: 'charged',
        },
      },
    })

    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: true,
      subscription_expiry: expiry,
      subscription_state: 'renewing',
    })
    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({
      active_subscription_id: subscriptionId,
      current_plan: 'Pro Monthly',
      subscription_expiry: expiry,
      cancel_at_period_end: false,
      subscription_state: 'renewing',
      next_charge_in_usd: 49,
    })
    const [transaction] = board?.recent_transactions as { _id: string; receipt_url: string }[]
    expect(board?.recent_transactions).toEqual([
      {
        _id: transaction?._id,
        transaction_timestamp: '2026-11-28T12:00:00.000Z',
        payment_type: 'subscription_create',
        transaction_amount_in_usd: 49,
        transaction_currency: 'usd',
        transaction_status: 'succeeded',
        receipt_url: `http://localhost:8787/checkout/test/receipts/${transaction?._id ?? ''}`,
      },
    ])

    // The receipt page.
    const receipt = await t.app.inject({
      method: 'GET',
      url: pathOf(transaction?.receipt_url ?? ''),
    })
    expect(receipt.statusCode).toBe(200)
    expect(receipt.body).toContain('$49.00 paid November 28, 2026')
    expect(receipt.body).toContain('Ann Agent')
    expect(receipt.body).toContain('November 28, 2026 – December 28, 2026')
    expect(receipt.body).not.toMatch(/<script/i)

    // Cancel: renewal stops, access stays until the period ends.
    const cancelled = await cancelSubscription(t, user, subscriptionId)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      message: 'Subscription canceled successfully.',
      data: {
        subscription_id: subscriptionId,
        cancel_at_period_end: true,
        subscription_expiry: expiry,
      },
    })
    expect((await me(t, user)).json().data).toMatchObject({ subscription_state: 'ending' })
    expect((await dashboard(t, user)).json().data).toMatchObject({
      subscription_state: 'ending',
      next_charge_in_usd: null,
    })
    t.clock.set(new Date('2026-12-28T11:59:59.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: true })
    expect((await dashboard(t, user)).json().data).toMatchObject({
      current_plan: 'Pro Monthly',
      cancel_at_period_end: true,
    })

    // Expiry: downgraded, not renewed; the trial ended long ago, so no access at all.
    t.clock.set(new Date('2026-12-28T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 1 })
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: false,
      subscription_expiry: null,
      subscription_state: null,
      trial_end: '2026-11-27T12:00:00.000Z',
    })
    const denied = await dashboard(t, user)
    expect(denied.statusCode).toBe(402)
    expect(denied.json().message).toBe('You need an active subscription to access the dashboard.')
    expect(await transactionCount(t, user.userId)).toBe(1)
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'ended_at'])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'ended', ended_at: expiry })
  })

  it('shows the annual plan at its yearly price and charges it for a year', async () => {
    const user = await loggedInUser(t)
    await endTrial(t, user)
    const started = await checkout(t, user, 'pro-annual')
    const { page, paid } = await payOnTestCheckout(t, String(started.json().data?.checkout_url))
    expect(page.body).toContain('$468.00')
    expect(page.body).toContain('$39.00 per month, billed $468.00 once a year')
    const verified = await verifyPayment(t, successSessionId(String(paid.headers.location)))
    expect(verified.json().data).toMatchObject({
      plan: 'Pro Annual',
      subscription_expiry: '2027-11-20T12:00:00.000Z',
    })
    const board = (await dashboard(t, user)).json().data
    expect(board?.recent_transactions).toMatchObject([{ transaction_amount_in_usd: 468 }])
  })

  it('Cancel on the page goes to the site’s cancel page and charges nothing', async () => {
    const user = await loggedInUser(t)
    const started = await checkout(t, user, 'pro-monthly')
    const checkoutUrl = String(started.json().data?.checkout_url)
    const page = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })
    const res = await submitForm(t, formAction(page.body, /Cancel/))
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('http://localhost:5173/cancel')

    // The cancelled checkout can no longer be paid or verified.
    const again = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain('No charges were made')
    const pay = await submitForm(t, `${pathOf(checkoutUrl)}/pay`)
    expect(pay.statusCode).toBe(409)
    const sessionId = pathOf(checkoutUrl).split('/').pop() ?? ''
    const verified = await verifyPayment(t, sessionId)
    expect(verified.statusCode).toBe(409)
    expect(verified.json().message).toBe('This checkout was cancelled. No charges were made.')
    expect(await transactionCount(t)).toBe(0)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: false })
  })

  it('answers unknown sessions and receipts with a 404 page, and expired sessions with a 410 page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/checkout/test/cs_test_nope' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Checkout not found')
    const receipt = await t.app.inject({ method: 'GET', url: '/checkout/test/receipts/nope' })
    expect(receipt.statusCode).toBe(404)

    const user = await loggedInUser(t)
    const checkoutUrl = String((await checkout(t, user, 'pro-monthly')).json().data?.checkout_url)
    t.clock.advance(DAY)
    const expired = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })
    expect(expired.statusCode).toBe(410)
    const pay = await submitForm(t, `${pathOf(checkoutUrl)}/pay`)
    expect(pay.statusCode).toBe(410)
    expect(await transactionCount(t)).toBe(0)
  })
})

describe('buying during the free trial keeps its days', () => {
  it('charges nothing until the trial ends; then the renewal job charges the first period', async () => {
    const user = await loggedInUser(t) // trial ends 2026-11-27T12:00Z
    t.clock.advance(DAY)
    const started = await checkout(t, user, 'pro-monthly')
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(String(started.json().data?.checkout_url)),
    })
    expect(page.body).toMatch(/<dt>Due today<\/dt><dd>\$0\.00<\/dd>/)
    expect(page.body).toContain('<dt>Free trial</dt><dd>Continues until November 27, 2026</dd>')
    expect(page.body).toContain(
      'Your first charge of $49.00 is on <span class="day">November 27, 2026</span>.',
    )
    expect(page.body).not.toMatch(/Pay \$/)

    const paid = await submitForm(t, formAction(page.body, /Start subscription/))
    const sessionId = successSessionId(String(paid.headers.location))
    const verified = await verifyPayment(t, sessionId)
    expect(verified.statusCode).toBe(200)
    const subscriptionId = String(verified.json().data?.subscription_id)
    expect(verified.json()).toEqual({
      status: 'success',
      message: 'Subscription started.',
      data: {
        subscription_id: subscriptionId,
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

    // Subscribed, the trial's days kept, nothing charged.
    expect(await transactionCount(t, user.userId)).toBe(0)
    expect((await me(t, user)).json().data).toMatchObject({
      is_subscribed: true,
      subscription_expiry: '2026-11-27T12:00:00.000Z',
      subscription_state: 'trialing',
      trial_end: '2026-11-27T12:00:00.000Z',
    })
    expect((await dashboard(t, user)).json().data).toMatchObject({
      current_plan: 'Pro Monthly',
      subscription_expiry: '2026-11-27T12:00:00.000Z',
      subscription_state: 'trialing',
      next_charge_in_usd: 49,
      recent_transactions: [],
    })

    t.clock.set(new Date('2026-11-27T11:59:59.999Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })
    expect(await transactionCount(t, user.userId)).toBe(0)

    // The trial ends: the first period is charged, from then on.
    t.clock.set(new Date('2026-11-27T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 1, ended: 0 })
    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({
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
    const [first] = board?.recent_transactions as { receipt_url: string }[]
    const receipt = await t.app.inject({ method: 'GET', url: pathOf(first?.receipt_url ?? '') })
    expect(receipt.body).toContain('November 27, 2026 – December 27, 2026')

    // The success page, opened again, tells the charge as done.
    const again = await verifyPayment(t, sessionId)
    expect(again.json()).toMatchObject({
      message: 'Payment Successful.',
      data: {
        subscription_expiry: '2026-12-27T12:00:00.000Z',
        charge: { amount_in_usd: 49, date: '2026-11-27T12:00:00.000Z', status: 'charged' },
      },
    })
  })

  it('cancelled during the kept trial, it ends with the trial and charges nothing; buying again resumes it', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user, 'pro-monthly', {
      keepTrial: true,
    })
    expect((await cancelSubscription(t, user, subscriptionId)).statusCode).toBe(200)
    expect((await me(t, user)).json().data).toMatchObject({ subscription_state: 'ending' })

    // Bought again two days later: the same subscription goes on, first charged at the trial's end.
    t.clock.advance(2 * DAY)
    const again = await subscribeWithTestCheckout(t, user, 'pro-annual', { keepTrial: true })
    expect(again.subscriptionId).toBe(subscriptionId)
    const verified = await verifyPayment(t, again.sessionId)
    expect(verified.json().data).toMatchObject({
      plan: 'Pro Annual',
      subscription_expiry: '2026-11-27T12:00:00.000Z',
      charge: { amount_in_usd: 468, date: '2026-11-27T12:00:00.000Z', status: 'scheduled' },
    })
    expect((await dashboard(t, user)).json().data).toMatchObject({
      subscription_state: 'trialing',
      next_charge_in_usd: 468,
    })

    // Cancelled again: the trial's end is the subscription's end, with no charge ever.
    await cancelSubscription(t, user, subscriptionId)
    t.clock.set(new Date('2026-11-27T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 1 })
    expect(await transactionCount(t, user.userId)).toBe(0)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: false })
    expect((await dashboard(t, user)).statusCode).toBe(402)
  })

  it('with less than 48 hours of trial left, the first charge is 48 hours (and a margin) away', async () => {
    const user = await loggedInUser(t)
    t.clock.set(new Date('2026-11-27T11:00:00.000Z')) // one hour of trial left
    const { sessionId } = await subscribeWithTestCheckout(t, user, 'pro-monthly', {
      keepTrial: true,
    })
    const verified = await verifyPayment(t, sessionId)
    expect(verified.json().data).toMatchObject({
      subscription_expiry: '2026-11-29T11:10:00.000Z',
      charge: { date: '2026-11-29T11:10:00.000Z', status: 'scheduled' },
    })
  })
})

describe('verify-payment', () => {
  it('is idempotent: verified twice (and Pay pressed twice) → one transaction, one period', async () => {
    const user = await loggedInUser(t)
    await endTrial(t, user)
    const checkoutUrl = String((await checkout(t, user, 'pro-monthly')).json().data?.checkout_url)
    const { page, paid } = await payOnTestCheckout(t, checkoutUrl)
    // A double click on Pay: the second lands on the success page too, and charges nothing.
    const payAgain = await submitForm(t, formAction(page.body, PAY_BUTTON))
    expect(payAgain.statusCode).toBe(303)
    expect(payAgain.headers.location).toBe(paid.headers.location)

    const sessionId = successSessionId(String(paid.headers.location))
    const first = await verifyPayment(t, sessionId)
    const [second, third] = await Promise.all([
      verifyPayment(t, sessionId),
      verifyPayment(t, sessionId),
    ])
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual(first.json().data)
    }
    expect(first.json().data?.subscription_expiry).toBe('2026-12-20T12:00:00.000Z')
    expect(await transactionCount(t, user.userId)).toBe(1)
    const periods = await t.ctx.db
      .selectFrom('subscriptions')
      .select('current_period_end')
      .where('user_id', '=', user.userId)
      .execute()
    expect(periods).toEqual([{ current_period_end: '2026-12-20T12:00:00.000Z' }])
  })

  it('says what happened to a checkout that bought nothing: unknown, unpaid, expired', async () => {
    const user = await loggedInUser(t)
    const checkoutUrl = String((await checkout(t, user, 'pro-monthly')).json().data?.checkout_url)
    const sessionId = pathOf(checkoutUrl).split('/').pop() ?? ''
    const unpaid = await verifyPayment(t, sessionId)
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().message).toBe('This checkout has not been paid. No charges were made.')
    const unknown = await verifyPayment(t, 'cs_test_unknown')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Payment session not found.')
    const missing = await verifyPayment(t, '')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe('session_id is required')

    t.clock.advance(DAY) // an unpaid checkout lapses after a day
    const expired = await verifyPayment(t, sessionId)
    expect(expired.statusCode).toBe(410)
    expect(expired.json().message).toBe('This checkout has expired. No charges were made.')
    expect(await transactionCount(t)).toBe(0)
  })
})

describe('checkout refusals', () => {
  it('refuses an unknown plan, another user’s e-mail, no login, and a second renewing subscription', async () => {
    const user = await loggedInUser(t)
    const other = await loggedInUser(t)

    const unknownPlan = await checkout(t, user, 'pro-lifetime')
    expect(unknownPlan.statusCode).toBe(422)
    expect(unknownPlan.json().message).toBe(
      'This plan does not exist. Choose a plan on the Pricing page.',
    )

    const otherEmail = await checkout(t, user, 'pro-monthly', other.email)
    expect(otherEmail.statusCode).toBe(403)
    expect(otherEmail.json().message).toBe(
      'The e-mail address does not match your account. Log in with the account you want to subscribe.',
    )

    // The caller's own e-mail in another case is theirs.
    const sameEmail = await checkout(t, user, 'pro-monthly', user.email.toUpperCase())
    expect(sameEmail.statusCode).toBe(200)

    const anonymous = await t.api({
      method: 'POST',
      url: `/payment/checkout?plan_id=pro-monthly&email=${encodeURIComponent(user.email)}`,
    })
    expect(anonymous.statusCode).toBe(401)

    const sessions = await t.ctx.db.selectFrom('checkout_sessions').select('user_id').execute()
    expect(sessions).toEqual([{ user_id: user.userId }])

    await subscribeWithTestCheckout(t, user)
    const second = await checkout(t, user, 'pro-annual')
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toBe(
      'You already have an active subscription. You can manage it from your dashboard.',
    )
  })

  it('lets a user whose trial is over subscribe (checkout needs a login, not access)', async () => {
    const user = await loggedInUser(t)
    t.clock.advance(30 * DAY)
    expect((await dashboard(t, user)).statusCode).toBe(402)
    await subscribeWithTestCheckout(t, user)
    expect((await dashboard(t, user)).statusCode).toBe(200)
  })
})

describe('cancel-subscription', () => {
  it('answers 404 "No active subscription found." without a subscription, or for someone else’s', async () => {
    const user = await loggedInUser(t)
    const none = await cancelSubscription(t, user, 'sub-does-not-exist')
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe('No active subscription found.')

    const owner = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, owner)
    const foreign = await cancelSubscription(t, user, subscriptionId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe('No active subscription found.')
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select('cancel_at_period_end')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow()
    expect(row.cancel_at_period_end).toBe(0)

    // An empty id reads the same to the site: no active subscription.
    const empty = await cancelSubscription(t, user, '')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('No active subscription found.')
  })

  it('after cancelling, paying again extends from the current end and renews again', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user)
    await cancelSubscription(t, user, subscriptionId)
    t.clock.advance(DAY)
    const again = await subscribeWithTestCheckout(t, user, 'pro-annual')
    expect(again.subscriptionId).toBe(subscriptionId)
    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({
      current_plan: 'Pro Annual',
      subscription_expiry: '2027-12-20T12:00:00.000Z',
      cancel_at_period_end: false,
    })
    expect(board?.recent_transactions).toMatchObject([
      { payment_type: 'subscription_update', transaction_amount_in_usd: 468 },
      { payment_type: 'subscription_create', transaction_amount_in_usd: 49 },
    ])
  })
})
