import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { createBillingJobs, runRenewals } from './renewals.ts'
import {
  cancelSubscription,
  dashboard,
  me,
  subscribeWithTestCheckout,
  transactionCount,
} from './testing/helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function periodEnd(subscriptionId: string): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('subscriptions')
    .select('current_period_end')
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  return row.current_period_end
}

describe('test checkout renewals (the periodic job)', () => {
  it('renews at period end with a transaction; running twice renews once', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user) // ends 2026-12-20T12:00Z

    t.clock.set(new Date('2026-12-20T11:59:59.999Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })

    t.clock.set(new Date('2026-12-20T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 1, ended: 0 })
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })
    expect(await periodEnd(subscriptionId)).toBe('2027-01-20T12:00:00.000Z')
    expect(await transactionCount(t, user.userId)).toBe(2)

    const board = (await dashboard(t, user)).json().data
    expect(board).toMatchObject({ subscription_expiry: '2027-01-20T12:00:00.000Z' })
    expect(board?.recent_transactions).toMatchObject([
      {
        payment_type: 'subscription_cycle',
        transaction_amount_in_usd: 49,
        transaction_timestamp: '2026-12-20T12:00:00.000Z',
        transaction_status: 'succeeded',
      },
      { payment_type: 'subscription_create', transaction_timestamp: '2026-11-20T12:00:00.000Z' },
    ])
  })

  it('two instances running the job at the same moment renew each period once', async () => {
    const users = [await loggedInUser(t), await loggedInUser(t), await loggedInUser(t)]
    const ids: string[] = []
    for (const user of users) ids.push((await subscribeWithTestCheckout(t, user)).subscriptionId)

    t.clock.set(new Date('2026-12-20T12:00:00.000Z'))
    // A second connection stands in for a second server process (on SQLite, whose embedded
    // default is one process, the two passes share one connection and still interleave).
    const other = t.dbKind === 'sqlite' ? t.ctx.db : t.openDb()
    try {
      const results = await Promise.all([
        runRenewals(t.ctx, { renew: true }),
        runRenewals({ ...t.ctx, db: other }, { renew: true }),
        runRenewals(t.ctx, { renew: true }),
      ])
      expect(results.reduce((sum, r) => sum + r.renewed, 0)).toBe(3)
    } finally {
      if (other !== t.ctx.db) await other.destroy()
    }
    for (const id of ids) expect(await periodEnd(id)).toBe('2027-01-20T12:00:00.000Z')
    expect(await transactionCount(t)).toBe(6)
  })

  it('catches up period by period after downtime, one transaction per period', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user)
    t.clock.set(new Date('2027-03-01T00:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 3, ended: 0 })
    expect(await periodEnd(subscriptionId)).toBe('2027-03-20T12:00:00.000Z')
    expect(await transactionCount(t, user.userId)).toBe(4)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: true })
  })

  it('a cancelled subscription is not renewed: it ends at its period end', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user)
    await cancelSubscription(t, user, subscriptionId)
    t.clock.set(new Date('2026-12-20T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 1 })
    expect(await runRenewals(t.ctx, { renew: true })).toEqual({ renewed: 0, ended: 0 })
    expect(await transactionCount(t, user.userId)).toBe(1)
    expect((await me(t, user)).json().data).toMatchObject({ is_subscribed: false })
  })

  it('with Stripe as the provider, leftover test subscriptions end instead of renewing', async () => {
    const user = await loggedInUser(t)
    await subscribeWithTestCheckout(t, user)
    t.clock.set(new Date('2026-12-20T12:00:00.000Z'))
    expect(await runRenewals(t.ctx, { renew: false })).toEqual({ renewed: 0, ended: 1 })
    expect(await transactionCount(t, user.userId)).toBe(1)
  })

  it('the scheduled job runs a pass when started and stops cleanly', async () => {
    const user = await loggedInUser(t)
    const { subscriptionId } = await subscribeWithTestCheckout(t, user)
    t.clock.set(new Date('2026-12-20T12:00:00.000Z'))
    const jobs = createBillingJobs(t.ctx, { pollMs: 10 })
    jobs.start()
    for (let i = 0; i < 200 && (await periodEnd(subscriptionId)) < '2027'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await jobs.stop()
    expect(await periodEnd(subscriptionId)).toBe('2027-01-20T12:00:00.000Z')
    expect(await transactionCount(t, user.userId)).toBe(2)
  })
})
