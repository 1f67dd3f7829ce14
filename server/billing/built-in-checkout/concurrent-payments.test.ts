import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../../testing/test-app.ts'
import { checkout, endTrial, pathOf, submitForm } from '../testing/helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

describe('paying several open checkouts of one user at the same moment', () => {
  // On a real PostgreSQL server (.ci/run) the payments run on separate connections at once.
  // Without the user-row lock they can each see "no running subscription" and create their own
  // (a race: seen in review, not on every run); with a plain FOR UPDATE they deadlocked (500).
  it('leaves one renewing subscription, extended once per payment', async () => {
    const user = await loggedInUser(t)
    // Each payment is charged at once (a kept trial would make the first one free).
    await endTrial(t, user)
    const pages: string[] = []
    for (const plan of ['pro-monthly', 'pro-annual', 'pro-monthly', 'pro-annual']) {
      const res = await checkout(t, user, plan)
      expect(res.statusCode).toBe(200)
      pages.push(pathOf(String(res.json().data?.checkout_url)))
    }
    const paid = await Promise.all(pages.map((page) => submitForm(t, `${page}/pay`)))
    for (const res of paid) expect(res.statusCode).toBeLessThan(400)

    const active = await t.ctx.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', user.userId)
      .where('status', '=', 'active')
      .execute()
    expect(active).toHaveLength(1)
    const transactions = await t.ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute()
    expect(transactions).toHaveLength(4)
  })
})
