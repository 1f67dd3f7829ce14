import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Transaction } from '../../api/schemas/payment.ts'
import { bearer, dashboard, subscribeWithTestCheckout } from '../billing/testing/helpers.ts'
import { newId } from '../db/ids.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type User = Awaited<ReturnType<typeof loggedInUser>>
type Page = { items: Transaction[]; total: number; page: number; page_size: number }

interface Payment {
  id?: string
  planId?: string
  type?: string
  cents?: number
  status?: string
  at: string
}

async function insertPayment(userId: string, p: Payment): Promise<string> {
  const id = p.id ?? newId()
  await t.ctx.db
    .insertInto('transactions')
    .values({
      id,
      user_id: userId,
      subscription_id: null,
      plan_id: p.planId ?? 'pro-monthly',
      provider: 'test',
      provider_reference: `ref-${id}`,
      payment_type: p.type ?? 'subscription_cycle',
      amount_cents: p.cents ?? 4900,
      currency: 'usd',
      status: p.status ?? 'succeeded',
      receipt_url: null,
      period_start: null,
      period_end: null,
      created_at: p.at,
    })
    .execute()
  return id
}

const day = (n: number) => new Date(Date.UTC(2027, 0, 1 + n, 12)).toISOString()

/**
 * 55 payments of `user`: the first a real test checkout (Pro Monthly), then 54 a day apart from
 * 2027-01-02: every tenth on Pro Annual at $468.00, the 20th waiting for action. `other` has
 * three payments of its own that match every search below.
 */
async function history(user: User, other: User) {
  const first = await subscribeWithTestCheckout(t, user)
  const ids: string[] = []
  for (let n = 1; n <= 54; n++) {
    const annual = n % 10 === 0
    ids.push(
      await insertPayment(user.userId, {
        planId: annual ? 'pro-annual' : 'pro-monthly',
        cents: annual ? 46_800 : 4900,
        status: n === 20 ? 'requires_action' : 'succeeded',
        at: day(n),
      }),
    )
  }
  await insertPayment(other.userId, { at: day(60) })
  await insertPayment(other.userId, { planId: 'pro-annual', cents: 46_800, at: day(61) })
  await insertPayment(other.userId, { status: 'requires_action', at: day(62) })
  return { first, ids }
}

async function list(user: User, query: string): Promise<Page> {
  const res = await t.api({
    method: 'GET',
    url: `/users/transactions${query}`,
    headers: await bearer(t, user),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as unknown as Page
}

const times = (page: Page) => page.items.map((tx) => tx.transaction_timestamp)

describe('GET /users/transactions', () => {
  it('pages every payment of the caller, newest first, and no one else’s', async () => {
    const user = await loggedInUser(t)
    const other = await loggedInUser(t)
    const { ids } = await history(user, other)
    const otherIds = new Set(
      (
        await t.ctx.db
          .selectFrom('transactions')
          .select('id')
          .where('user_id', '=', other.userId)
          .execute()
      ).map((r) => r.id),
    )

    const first = await list(user, '?page_size=20')
    expect(first).toMatchObject({ page: 1, page_size: 20, total: 55 })
    expect(times(first)).toEqual(Array.from({ length: 20 }, (_, i) => day(54 - i)))
    expect(first.items[0]).toEqual({
      _id: ids[53],
      transaction_timestamp: day(54),
      payment_type: 'subscription_cycle',
      transaction_amount_in_usd: 49,
      transaction_currency: 'usd',
      transaction_status: 'succeeded',
      receipt_url: null,
    })

    const third = await list(user, '?page=3&page_size=20')
    expect(third.total).toBe(55)
    expect(third.items).toHaveLength(15)
    expect(times(third).slice(0, 14)).toEqual(Array.from({ length: 14 }, (_, i) => day(14 - i)))
    // The very first payment, the real checkout, ends the last page.
    expect(third.items[14]).toMatchObject({
      transaction_amount_in_usd: 49,
      transaction_status: 'succeeded',
    })
    expect(third.items[14]?.receipt_url).toMatch(/^http/)
    // The dashboard keeps its ten newest.
    const recent = (await dashboard(t, user)).json().data?.recent_transactions as Transaction[]
    expect(recent).toEqual(first.items.slice(0, 10))

    const all = [
      ...first.items,
      ...(await list(user, '?page=2&page_size=20')).items,
      ...third.items,
    ]
    expect(new Set(all.map((tx) => tx._id)).size).toBe(55)
    expect(all.some((tx) => otherIds.has(tx._id))).toBe(false)

    // Defaults: page 1 of 20; past the end is an empty page with the total.
    expect(await list(user, '')).toMatchObject({ page: 1, page_size: 20, total: 55 })
    expect(await list(user, '?page=9&page_size=20')).toMatchObject({ items: [], total: 55 })
  })

  it('searches by id, plan name, payment type, status and amount', async () => {
    const user = await loggedInUser(t)
    const other = await loggedInUser(t)
    const { ids } = await history(user, other)
    const found = async (q: string) => list(user, `?page_size=100&q=${encodeURIComponent(q)}`)

    const id = ids[4] ?? ''
    for (const q of [id, id.slice(0, 8), `#${id.slice(0, 8).toUpperCase()}`]) {
      const page = await found(q)
      expect(page.total).toBe(1)
      expect(page.items[0]?._id).toBe(id)
    }

    // Plan name: five payments on Pro Annual; "pro monthly" covers the rest and the checkout.
    expect(times(await found('Pro Annual'))).toEqual([day(50), day(40), day(30), day(20), day(10)])
    expect((await found('pro monthly')).total).toBe(50)
    expect((await found('subscription cycle')).total).toBe(54)

    expect(times(await found('requires action'))).toEqual([day(20)])
    expect(times(await found('Requires_Action'))).toEqual([day(20)])
    expect((await found('succeeded')).total).toBe(54)

    // An amount finds every payment of it; bare digits may also be part of an id.
    const byAmount = async (q: string, usd: number) => {
      const page = await found(q)
      const other = page.items.filter((tx) => tx.transaction_amount_in_usd !== usd)
      expect(
        other.every((tx) => tx._id.includes(q)),
        q,
      ).toBe(true)
      return page.total - other.length
    }
    for (const q of ['468', '$468.00', '468.0']) expect(await byAmount(q, 468)).toBe(5)
    for (const q of ['49', '$49.00', '$49']) expect(await byAmount(q, 49)).toBe(50)
    expect(await byAmount('$49.50', 49)).toBe(0)
    // Digits beyond the amount column's range (an id's first eight characters can be
    // "98765432") are searched as text, not compared as a number PostgreSQL refuses.
    for (const q of ['98765432', '21474837', '$99,999,999,999']) {
      expect(
        (await found(q)).items.every((tx) => tx._id.includes(q)),
        q,
      ).toBe(true)
    }

    expect(await found('refund')).toMatchObject({ items: [], total: 0 })
    // LIKE's wildcards are plain text here.
    expect((await found('%')).total).toBe(0)
    // A pattern ending in the escape character is a 500 on PostgreSQL unless escaped itself.
    expect((await found('\\')).total).toBe(0)
    expect((await found('a_b\\')).total).toBe(0)
    expect((await found('_')).total).toBe(55) // an underscore is a space, and a blank query is all

    // Search pages too.
    const second = await list(user, '?q=pro%20monthly&page=2&page_size=20')
    expect(second).toMatchObject({ page: 2, total: 50 })
    expect(second.items).toHaveLength(20)
  })

  it('needs a login', async () => {
    const res = await t.api({ method: 'GET', url: '/users/transactions' })
    expect(res.statusCode).toBe(401)
  })

  it('rejects a bad page, page size or search text with 400', async () => {
    const user = await loggedInUser(t)
    const headers = await bearer(t, user)
    for (const query of [
      'page=0',
      'page=abc',
      'page=1.5',
      'page_size=0',
      'page_size=101',
      `q=${'x'.repeat(201)}`,
      'sort=old',
    ]) {
      const res = await t.api({ method: 'GET', url: `/users/transactions?${query}`, headers })
      expect(res.statusCode, query).toBe(400)
    }
  })
})
