import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runRenewals } from '../billing/renewals.ts'
import { dashboard, subscribeWithTestCheckout } from '../billing/testing/helpers.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { recordApiCall } from '../usage/record-api-call.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function callsAt(userId: string, iso: string, n = 1): Promise<void> {
  t.clock.set(new Date(iso))
  for (let i = 0; i < n; i++) await recordApiCall(t.ctx.db, userId, t.clock)
}

describe('GET /users/dashboard', () => {
  it('answers the SPEC §3 object: seven days with zeros, oldest first, today last; totals; plan', async () => {
    const user = await loggedInUser(t)
    const res = await dashboard(t, user)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      total_api_calls: 0,
      total_api_calls_last_seven_days: 0,
      total_api_calls_this_month: 0,
      api_usage_last_seven_days: [
        { date: '2026-11-14', count: 0 },
        { date: '2026-11-15', count: 0 },
        { date: '2026-11-16', count: 0 },
        { date: '2026-11-17', count: 0 },
        { date: '2026-11-18', count: 0 },
        { date: '2026-11-19', count: 0 },
        { date: '2026-11-20', count: 0 },
      ],
      active_subscription_id: null,
      current_plan: null,
      subscription_expiry: null,
      cancel_at_period_end: false,
      recent_transactions: [],
    })
    const anonymous = await t.api({ method: 'GET', url: '/users/dashboard' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('moves the 7-day window at UTC midnight and counts the month from its first day', async () => {
    const user = await loggedInUser(t)
    const other = await loggedInUser(t)
    // Older than the window, in November.
    await callsAt(user.userId, '2026-11-21T08:00:00.000Z', 4)
    // Inside the window seen from 2026-12-01; across the month end.
    await callsAt(user.userId, '2026-11-25T00:00:00.000Z', 2)
    await callsAt(user.userId, '2026-11-30T23:59:59.999Z', 3)
    await callsAt(other.userId, '2026-11-30T12:00:00.000Z', 50)
    // The trial is over by now; subscribe so the dashboard stays open.
    await subscribeWithTestCheckout(t, user)

    // The last instant of November: today is Nov 30.
    t.clock.set(new Date('2026-11-30T23:59:59.999Z'))
    let data = (await dashboard(t, user)).json().data
    expect(data?.api_usage_last_seven_days).toEqual([
      { date: '2026-11-24', count: 0 },
      { date: '2026-11-25', count: 2 },
      { date: '2026-11-26', count: 0 },
      { date: '2026-11-27', count: 0 },
      { date: '2026-11-28', count: 0 },
      { date: '2026-11-29', count: 0 },
      { date: '2026-11-30', count: 3 },
    ])
    expect(data).toMatchObject({
      total_api_calls: 9,
      total_api_calls_last_seven_days: 5,
      total_api_calls_this_month: 9,
    })

    // One millisecond later it is December: a new today (0), a new month (0), the window shifts.
    t.clock.advance(0.001)
    data = (await dashboard(t, user)).json().data
    expect(data?.api_usage_last_seven_days).toEqual([
      { date: '2026-11-25', count: 2 },
      { date: '2026-11-26', count: 0 },
      { date: '2026-11-27', count: 0 },
      { date: '2026-11-28', count: 0 },
      { date: '2026-11-29', count: 0 },
      { date: '2026-11-30', count: 3 },
      { date: '2026-12-01', count: 0 },
    ])
    expect(data).toMatchObject({
      total_api_calls: 9,
      total_api_calls_last_seven_days: 5,
      total_api_calls_this_month: 0,
    })

    await recordApiCall(t.ctx.db, user.userId, t.clock)
    t.clock.set(new Date('2026-12-02T00:00:00.000Z'))
    data = (await dashboard(t, user)).json().data
    expect(data?.api_usage_last_seven_days).toEqual([
      { date: '2026-11-26', count: 0 },
      { date: '2026-11-27', count: 0 },
      { date: '2026-11-28', count: 0 },
      { date: '2026-11-29', count: 0 },
      { date: '2026-11-30', count: 3 },
      { date: '2026-12-01', count: 1 },
      { date: '2026-12-02', count: 0 },
    ])
    expect(data).toMatchObject({
      total_api_calls: 10,
      total_api_calls_last_seven_days: 4,
      total_api_calls_this_month: 1,
    })
  })

  it('lists the ten newest transactions, newest first', async () => {
    const user = await loggedInUser(t)
    await subscribeWithTestCheckout(t, user)
    t.clock.set(new Date('2028-01-01T00:00:00.000Z')) // 13 monthly renewals due
    expect((await runRenewals(t.ctx, { renew: true })).renewed).toBe(13)
    const data = (await dashboard(t, user)).json().data
    const list = data?.recent_transactions as { transaction_timestamp: string }[]
    expect(list).toHaveLength(10)
    expect(list[0]?.transaction_timestamp).toBe('2027-12-20T12:00:00.000Z')
    expect(list[9]?.transaction_timestamp).toBe('2027-03-20T12:00:00.000Z')
  })
})
