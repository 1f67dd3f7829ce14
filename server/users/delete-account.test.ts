import { sql } from 'kysely'
import type Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WRONG_PASSWORD_MESSAGE } from '../auth/confirm-password.ts'
import { limits } from '../auth/rate-limits.ts'
import { runRenewals } from '../billing/renewals.ts'
import {
  checkout,
  endTrial,
  formAction,
  PAY_BUTTON,
  pathOf,
  submitForm,
  subscribeWithTestCheckout,
} from '../billing/testing/helpers.ts'
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signEvent,
  startFakeStripe,
  type FakeStripe,
} from '../billing/testing/fake-stripe.ts'
import { createTestApp, loggedInUser, registerUser, type TestApp } from '../testing/test-app.ts'
import { CHECKOUT_OPENED_MESSAGE, PROVIDER_UNREACHABLE_MESSAGE } from './delete-account.ts'
import {
  accountWithEverything,
  authHeader,
  login,
  type FilledAccount,
  type SignedIn,
} from './testing/account-data.ts'

/**
 * What deleting an account does to each table's rows of that account: `deleted`, or kept for the
 * books and `detached` (user_id null, nothing that names the person). `none` holds no personal
 * data. Every table of the database must be here: a table added later fails the test until
 * someone decides what deletion does to it.
 */
const TABLES = {
  users: 'deleted',
  refresh_tokens: 'deleted',
  one_time_tokens: 'deleted',
  contact_messages: 'deleted',
  outbox: 'deleted',
  rate_limit_windows: 'deleted',
  api_usage_daily: 'deleted',
  listings: 'deleted',
  leads: 'deleted',
  lead_webhooks: 'deleted',
  follow_up_boss_accounts: 'deleted',
  lead_crm_attempts: 'deleted',
  crm_deliveries: 'deleted',
  fill_reports: 'deleted',
  fill_report_fields: 'deleted',
  agent_profiles: 'deleted',
  transactions: 'detached',
  subscriptions: 'detached',
  checkout_sessions: 'detached',
  plans: 'none',
  webhook_events: 'none',
  kysely_migration: 'none',
  kysely_migration_lock: 'none',
} as const satisfies Record<string, 'deleted' | 'detached' | 'none'>
type TableName = keyof typeof TABLES

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

function deleteAccount(user: SignedIn | undefined, payload: unknown, remoteAddress?: string) {
  return t.api({
    method: 'POST',
    url: '/users/delete-account',
    headers: user ? authHeader(user) : {},
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

async function tableNames(): Promise<string[]> {
  const result =
    t.dbKind === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.ctx.db,
        )
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.db)
  return result.rows.map((row) => row.name).sort()
}

type Row = Record<string, unknown>

async function everyRow(): Promise<Map<TableName, Row[]>> {
  const rows = new Map<TableName, Row[]>()
  for (const table of Object.keys(TABLES) as TableName[]) {
    const result = await sql<Row>`select * from ${sql.table(table)}`.execute(t.ctx.db)
    rows.set(table, result.rows)
  }
  return rows
}

const texts = (row: Row) => Object.values(row).filter((v): v is string => typeof v === 'string')

/**
 * What identifies a person's rows: their id, e-mail (current and pending), name and phone
 * anywhere in a text, and the ids of their rows of deleted tables (fill_report_fields names its
 * report only by id).
 */
class Footprint {
  readonly markers: string[]
  readonly rowIds = new Set<string>()
  constructor(account: FilledAccount, before: Map<TableName, Row[]>) {
    this.markers = [
      account.userId,
      account.email,
      account.pendingEmail,
      account.name,
      account.phone,
    ].map((m) => m.toLowerCase())
    for (const [table, rows] of before) {
      if (TABLES[table] !== 'deleted') continue
      for (const row of rows) {
        if (this.named(row) && typeof row.id === 'string') this.rowIds.add(row.id)
      }
    }
  }
  named(row: Row): boolean {
    return texts(row).some((text) => this.markers.some((m) => text.toLowerCase().includes(m)))
  }
  owns(row: Row): boolean {
    return this.named(row) || texts(row).some((text) => this.rowIds.has(text))
  }
}

describe('POST /users/delete-account', () => {
  it('answers 401 without a session and 400 without a password', async () => {
    expect((await deleteAccount(undefined, { password: 'x' })).statusCode).toBe(401)
    const user = await loggedInUser(t)
    const res = await deleteAccount(user, {})
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.password).toBe('Password is required')
  })

  it('refuses a wrong password on the password field and deletes nothing', async () => {
    const user = await loggedInUser(t)
    const res = await deleteAccount(user, { password: 'Not-My-Password-1' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      message: WRONG_PASSWORD_MESSAGE,
      fields: { password: WRONG_PASSWORD_MESSAGE },
    })
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
  })

  it('counts wrong passwords against login’s limit for the account', async () => {
    await t.close()
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
    const user = await loggedInUser(t)
    for (let i = 0; i < limits.loginPerEmail.max; i++) {
      const res = await deleteAccount(user, { password: `Wrong-Guess-${i}` }, `10.2.0.${i}`)
      expect(res.statusCode).toBe(400)
    }
    const blocked = await deleteAccount(user, { password: user.password }, '10.2.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('2')
    expect((await login(t, user.email, user.password)).statusCode).toBe(429)
  })

  it('removes the person from every table, keeps payments detached, and leaves others alone', async () => {
    const other = await accountWithEverything(t, {
      name: 'Otto Other',
      phone: '+14155550188',
      pendingEmail: 'otto.next@example.com',
    })
    const agent = await accountWithEverything(t, {
      name: 'Quinby Zephyrine',
      phone: '+14155550177',
      pendingEmail: 'quinby.next@example.com',
    })

    // Every table of the database is classified, and the setup reached every personal one.
    expect(await tableNames()).toEqual(Object.keys(TABLES).sort())
    const before = await everyRow()
    const gone = new Footprint(agent, before)
    const kept = new Footprint(other, before)
    for (const [table, rows] of before) {
      const theirs = rows.filter((row) => gone.owns(row))
      if (TABLES[table] === 'none') expect(theirs, table).toEqual([])
      else expect(theirs.length, `${table} has a row of the agent`).toBeGreaterThan(0)
    }
    const detachedIds = (table: TableName) =>
      (before.get(table) ?? []).filter((row) => row.user_id === agent.userId).map((row) => row.id)
    const transactionIds = detachedIds('transactions')
    const subscriptionIds = detachedIds('subscriptions')
    const paidCheckoutIds = (before.get('checkout_sessions') ?? [])
      .filter((row) => row.user_id === agent.userId && row.status === 'paid')
      .map((row) => row.id)

    const res = await deleteAccount(agent, { password: agent.password })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Your account and its data have been deleted.',
      data: {},
    })

    const after = await everyRow()
    for (const [table, rows] of after) {
      // Nothing names the person any more, in any text of any table.
      expect(
        rows.filter((row) => gone.named(row)),
        table,
      ).toEqual([])
      if (TABLES[table] === 'deleted') {
        expect(
          rows.filter((row) => gone.owns(row)),
          table,
        ).toEqual([])
      }
      // The other agent's rows are all there, unchanged.
      const theirsBefore = (before.get(table) ?? []).filter((row) => kept.owns(row))
      const theirsAfter = rows.filter((row) => kept.owns(row))
      expect(theirsAfter, table).toEqual(theirsBefore)
    }

    // Payments stay for the books, without the person.
    const rowsById = (table: TableName, ids: unknown[]) =>
      (after.get(table) ?? []).filter((row) => ids.includes(row.id))
    expect(transactionIds.length).toBeGreaterThan(0)
    expect(rowsById('transactions', transactionIds)).toHaveLength(transactionIds.length)
    for (const row of rowsById('transactions', transactionIds)) {
      expect(row).toMatchObject({ user_id: null, amount_cents: 4900 })
    }
    const subscriptions = rowsById('subscriptions', subscriptionIds)
    expect(subscriptions).toHaveLength(1)
    // Ended at once: no renewal will charge a deleted account.
    expect(subscriptions[0]).toMatchObject({
      user_id: null,
      status: 'ended',
      ended_at: '2026-11-20T12:00:00.000Z',
    })
    // The paid checkout stays; the abandoned one was no payment and is gone.
    expect(rowsById('checkout_sessions', paidCheckoutIds)).toEqual([
      expect.objectContaining({ user_id: null, status: 'paid', amount_cents: 4900 }),
    ])
    expect(
      (after.get('checkout_sessions') ?? []).filter((row) => row.status === 'open'),
    ).toHaveLength(1) // the other agent's
  })

  it('ends every session and lets the same e-mail sign up again', async () => {
    const user = await loggedInUser(t, { name: 'Dana Deleted' })
    const res = await deleteAccount(user, { password: user.password })
    expect(res.statusCode).toBe(200)

    const me = await t.api({ method: 'GET', url: '/users/me', headers: authHeader(user) })
    expect(me.statusCode).toBe(401)
    const refresh = await t.api({
      method: 'POST',
      url: `/auth/refresh-token?user_id=${user.userId}`,
      headers: { authorization: `Bearer ${user.refreshToken}` },
    })
    expect(refresh.statusCode).toBe(401)
    expect((await login(t, user.email, user.password)).statusCode).toBe(401)

    // A new account with the same address: registered, verified through its mail, logged in.
    const again = await registerUser(t, { email: user.email, name: 'Dana Again' })
    expect(again.userId).not.toBe(user.userId)
    const verified = await t.api({ method: 'GET', url: `/auth/verify-email/${again.verifyToken}` })
    expect(verified.statusCode).toBe(200)
    const loggedIn = await login(t, user.email, again.password)
    expect(loggedIn.statusCode).toBe(200)
    const fresh = await t.api({
      method: 'GET',
      url: '/users/me',
      headers: { authorization: `Bearer ${String(loggedIn.json().data?.access_token)}` },
    })
    expect(fresh.json().data).toMatchObject({ full_name: 'Dana Again', agent_profile: null })
  })

  it('ends a test-checkout subscription at once: the renewal job never charges it again', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user)
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(200)
    t.clock.advance(40 * 86_400)
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })
    const payments = await t.ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .execute()
    expect(payments).toHaveLength(1)
  })

  it('stops, deleting nothing, when a Stripe subscription cannot be ended from here', async () => {
    const user = await loggedInUser(t)
    const now = t.clock().toISOString()
    await t.ctx.db
      .insertInto('subscriptions')
      .values({
        id: 'sub-left-from-stripe',
        user_id: user.userId,
        plan_id: 'pro-monthly',
        provider: 'stripe',
        provider_subscription_id: 'sub_123',
        provider_customer_id: 'cus_123',
        status: 'active',
        current_period_end: '2026-12-20T12:00:00.000Z',
        cancel_at_period_end: 0,
        created_at: now,
        updated_at: now,
        ended_at: null,
      })
      .execute()
    const res = await deleteAccount(user, { password: user.password })
    expect(res.statusCode).toBe(503)
    expect(res.json().message).toBe(PROVIDER_UNREACHABLE_MESSAGE)
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
  })

  it('an abandoned checkout alone is deleted with the account, and its page takes no payment', async () => {
    const user = await loggedInUser(t)
    const started = await checkout(t, user, 'pro-monthly')
    expect(started.statusCode).toBe(200)
    const page = pathOf(String(started.json().data?.checkout_url))
    const pay = formAction((await t.app.inject({ method: 'GET', url: page })).body, PAY_BUTTON)
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(200)
    const rows = await t.ctx.db.selectFrom('checkout_sessions').select('id').execute()
    expect(rows).toEqual([])
    // A tab left open on it: the page and its Pay button say the checkout is not valid.
    expect((await t.app.inject({ method: 'GET', url: page })).statusCode).toBe(404)
    expect((await submitForm(t, pay)).statusCode).toBe(404)
    expect(await t.ctx.db.selectFrom('subscriptions').select('id').execute()).toEqual([])
  })

  it('stops, deleting nothing, when a checkout is opened in another tab meanwhile', async () => {
    const user = await loggedInUser(t)
    expect((await checkout(t, user, 'pro-monthly')).statusCode).toBe(200)
    // The other tab's checkout lands while the first one is being closed.
    const close = t.ctx.payments.closeUnpaidCheckout
    t.ctx.payments.closeUnpaidCheckout = async (sessionId) => {
      expect((await checkout(t, user, 'pro-monthly')).statusCode).toBe(200)
      return close(sessionId)
    }
    const res = await deleteAccount(user, { password: user.password })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(CHECKOUT_OPENED_MESSAGE)
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
  })
})

describe('POST /users/delete-account with Stripe (a local fake of its API)', () => {
  let stripe: FakeStripe
  beforeAll(async () => {
    stripe = await startFakeStripe(() => t.clock())
  })
  afterAll(async () => {
    await stripe.close()
  })
  beforeEach(async () => {
    await t.close()
    t = await createTestApp({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    })
  })

  function deliver(event: Stripe.Event) {
    const payload = JSON.stringify(event)
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signEvent(payload) },
      payload,
    })
  }

  it('cancels the subscription at Stripe now, not at period end, and keeps its payment', async () => {
    const user = await loggedInUser(t)
    await endTrial(t, user) // charged at checkout: a payment to keep
    expect((await checkout(t, user, 'pro-monthly')).statusCode).toBe(200)
    const session = [...stripe.sessions.values()].pop()
    for (const event of stripe.completeCheckout(String(session?.id))) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    const stripeSubscription = [...stripe.subscriptions.values()].pop()
    const stripeId = String(stripeSubscription?.id)

    const sentBefore = stripe.requests.length
    const res = await deleteAccount(user, { password: user.password })
    expect(res.statusCode).toBe(200)
    expect(
      stripe.requests
        .slice(sentBefore)
        .filter((r) => r.path === `/v1/subscriptions/${stripeId}`)
        .map((r) => r.method),
    ).toEqual(['GET', 'DELETE'])
    expect(stripe.subscriptions.get(stripeId)).toMatchObject({ status: 'canceled' })
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', stripeId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ user_id: null, status: 'ended' })
    const payments = await t.ctx.db.selectFrom('transactions').selectAll().execute()
    expect(payments).toEqual([expect.objectContaining({ user_id: null, amount_cents: 4900 })])

    // Stripe's own notice of the end, arriving after the account is gone, changes nothing.
    for (const event of stripe.endSubscription(stripeId)) {
      expect((await deliver(event)).statusCode).toBe(200)
    }
    expect(
      await t.ctx.db.selectFrom('subscriptions').select('user_id').executeTakeFirstOrThrow(),
    ).toEqual({ user_id: null })
  })

  /** A user with a Stripe checkout open (its page not paid yet); answers its session id. */
  async function openStripeCheckout(user: SignedIn): Promise<string> {
    await endTrial(t, user) // charged at checkout
    expect((await checkout(t, user, 'pro-monthly')).statusCode).toBe(200)
    return String([...stripe.sessions.values()].pop()?.id)
  }

  it('expires an open checkout at Stripe, so it can no longer be paid', async () => {
    const user = await loggedInUser(t)
    const sessionId = await openStripeCheckout(user)
    const subscriptionsBefore = stripe.subscriptions.size

    const sentBefore = stripe.requests.length
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(200)
    expect(
      stripe.requests
        .slice(sentBefore)
        .filter((r) => r.path.startsWith(`/v1/checkout/sessions/${sessionId}`))
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      `POST /v1/checkout/sessions/${sessionId}/expire`,
    ])
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'expired' })
    // A tab left open on Stripe's page: it takes no payment, so nothing starts billing.
    expect(() => stripe.completeCheckout(sessionId)).toThrow(/not open/)
    expect(stripe.subscriptions.size).toBe(subscriptionsBefore)
    expect(await t.ctx.db.selectFrom('checkout_sessions').select('id').execute()).toEqual([])
  })

  it('stops with a 503, deleting nothing, when Stripe cannot be reached to close a checkout', async () => {
    const user = await loggedInUser(t)
    const sessionId = await openStripeCheckout(user)
    stripe.failing = true
    try {
      const res = await deleteAccount(user, { password: user.password })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toBe(PROVIDER_UNREACHABLE_MESSAGE)
    } finally {
      stripe.failing = false
    }
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
    expect(
      await t.ctx.db.selectFrom('checkout_sessions').select(['id', 'user_id']).execute(),
    ).toEqual([{ id: sessionId, user_id: user.userId }])
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'open' })
  })

  it('records a checkout paid meanwhile (its webhooks not here yet), then ends what it started', async () => {
    const user = await loggedInUser(t)
    const sessionId = await openStripeCheckout(user)
    // Paid on Stripe's page just before the deletion; Stripe's events are still on their way.
    const events = stripe.completeCheckout(sessionId)
    const stripeId = String([...stripe.subscriptions.values()].pop()?.id)

    const sentBefore = stripe.requests.length
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(200)
    expect(stripe.requests.slice(sentBefore).map((r) => r.path)).not.toContain(
      `/v1/checkout/sessions/${sessionId}/expire`,
    )
    expect(stripe.subscriptions.get(stripeId)).toMatchObject({ status: 'canceled' })
    const kept = async () => ({
      subscriptions: await t.ctx.db.selectFrom('subscriptions').selectAll().execute(),
      transactions: await t.ctx.db.selectFrom('transactions').selectAll().execute(),
      checkouts: await t.ctx.db.selectFrom('checkout_sessions').selectAll().execute(),
    })
    const after = await kept()
    expect(after.subscriptions).toEqual([
      expect.objectContaining({
        provider_subscription_id: stripeId,
        user_id: null,
        status: 'ended',
      }),
    ])
    expect(after.transactions).toEqual([
      expect.objectContaining({ user_id: null, amount_cents: 4900 }),
    ])
    expect(after.checkouts).toEqual([
      expect.objectContaining({ id: sessionId, user_id: null, status: 'paid' }),
    ])

    // The late webhooks find the account gone and change nothing.
    for (const event of events) expect((await deliver(event)).statusCode).toBe(200)
    expect(await kept()).toEqual(after)
  })
})
