import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { endAllSessions } from '../auth/sessions.ts'
import { runRenewals } from '../billing/renewals.ts'
import { dashboard, subscribeWithTestCheckout } from '../billing/testing/helpers.ts'
import { sampleLead } from '../leads/testing/sample-lead.ts'
import { sampleConversion } from '../listings/testing/sample-listing.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { recordApiCall, type ApiCallKind } from '../usage/record-api-call.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function callsAt(
  userId: string,
  iso: string,
  n = 1,
  kind: ApiCallKind = 'listing',
): Promise<void> {
  t.clock.set(new Date(iso))
  for (let i = 0; i < n; i++) await recordApiCall(t.ctx.db, userId, t.clock, kind)
}

/** A day of the series with only conversions. */
function day(date: string, count = 0) {
  return { date, count, listings: count, leads: 0 }
}

describe('GET /users/dashboard', () => {
  it('answers usage, split by kind, seven days with zeros, oldest first, today last; totals; plan', async () => {
    const user = await loggedInUser(t)
    const res = await dashboard(t, user)
    expect(res.statusCode).toBe(200)
    const none = { listings: 0, leads: 0 }
    expect(res.json().data).toEqual({
      total_api_calls: 0,
      total_api_calls_last_seven_days: 0,
      total_api_calls_this_month: 0,
      api_calls_by_kind: { total: none, last_seven_days: none, this_month: none },
      api_usage_last_seven_days: [
        day('2026-11-14'),
        day('2026-11-15'),
        day('2026-11-16'),
        day('2026-11-17'),
        day('2026-11-18'),
        day('2026-11-19'),
        day('2026-11-20'),
      ],
      has_converted_listing: false,
      has_saved_lead: false,
      active_subscription_id: null,
      current_plan: null,
      subscription_expiry: null,
      cancel_at_period_end: false,
      subscription_state: null,
      next_charge_in_usd: null,
      recent_transactions: [],
    })
    const anonymous = await t.api({ method: 'GET', url: '/users/dashboard' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('answers 401 for a session that has ended, before the access rule would answer 402', async () => {
    const user = await loggedInUser(t)
    const headers = { authorization: `Bearer ${user.accessToken}` }
    expect((await t.api({ method: 'GET', url: '/users/dashboard', headers })).statusCode).toBe(200)
    await endAllSessions(t.ctx.db, user.userId, t.clock)
    // The trial is over as well (ended now; the token's 15 minutes still run): still 401.
    await t.ctx.db
      .updateTable('users')
      .set({ trial_end: t.clock().toISOString() })
      .where('id', '=', user.userId)
      .execute()
    const ended = await t.api({ method: 'GET', url: '/users/dashboard', headers })
    expect(ended.statusCode).toBe(401)
    expect(ended.json().message).toBe(SESSION_ENDED_MESSAGE)
    // A current session of the same account gets the access rule's answer.
    expect((await dashboard(t, user)).statusCode).toBe(402)
  })

  it('tells listings converted from leads saved, per day and in each total', async () => {
    const user = await loggedInUser(t)
    const headers = { authorization: `Bearer ${user.accessToken}` }
    const post = (url: string, payload: object) => t.api({ method: 'POST', url, headers, payload })

    // Through the real routes: two listings converted, one of them again (within 24 hours: not
    // counted), and a lead saved twice (an update counts too).
    expect((await post('/listings/convert', sampleConversion())).statusCode).toBe(200)
    expect((await post('/listings/convert', sampleConversion())).json().data?.metered).toBe(false)
    const other = sampleConversion({ source_id: '42' })
    expect((await post('/listings/convert', other)).statusCode).toBe(200)
    expect((await post('/leads', sampleLead())).statusCode).toBe(200)
    expect((await post('/leads', sampleLead())).statusCode).toBe(200)
    // Earlier this month, outside the week: leads only.
    await callsAt(user.userId, '2026-11-02T09:00:00.000Z', 4, 'lead')
    t.clock.set(new Date('2026-11-20T12:00:00.000Z'))

    const data = (await dashboard(t, user)).json().data
    expect(data).toMatchObject({
      total_api_calls: 8,
      total_api_calls_last_seven_days: 4,
      total_api_calls_this_month: 8,
      api_calls_by_kind: {
        total: { listings: 2, leads: 6 },
        last_seven_days: { listings: 2, leads: 2 },
        this_month: { listings: 2, leads: 6 },
      },
      has_converted_listing: true,
      has_saved_lead: true,
    })
    expect((data?.api_usage_last_seven_days as unknown[]).at(-1)).toEqual({
      date: '2026-11-20',
      count: 4,
      listings: 2,
      leads: 2,
    })

    // Each step of the checklist on its own.
    const leadsOnly = await loggedInUser(t)
    await t.api({
      method: 'POST',
      url: '/leads',
      headers: { authorization: `Bearer ${leadsOnly.accessToken}` },
      payload: sampleLead(),
    })
    expect((await dashboard(t, leadsOnly)).json().data).toMatchObject({
      total_api_calls: 1,
      api_calls_by_kind: { total: { listings: 0, leads: 1 } },
      has_converted_listing: false,
      has_saved_lead: true,
    })
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
      day('2026-11-24'),
      day('2026-11-25', 2),
      day('2026-11-26'),
      day('2026-11-27'),
      day('2026-11-28'),
      day('2026-11-29'),
      day('2026-11-30', 3),
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
      day('2026-11-25', 2),
      day('2026-11-26'),
      day('2026-11-27'),
      day('2026-11-28'),
      day('2026-11-29'),
      day('2026-11-30', 3),
      day('2026-12-01'),
    ])
    expect(data).toMatchObject({
      total_api_calls: 9,
      total_api_calls_last_seven_days: 5,
      total_api_calls_this_month: 0,
    })

    await recordApiCall(t.ctx.db, user.userId, t.clock, 'listing')
    t.clock.set(new Date('2026-12-02T00:00:00.000Z'))
    data = (await dashboard(t, user)).json().data
    expect(data?.api_usage_last_seven_days).toEqual([
      day('2026-11-26'),
      day('2026-11-27'),
      day('2026-11-28'),
      day('2026-11-29'),
      day('2026-11-30', 3),
      day('2026-12-01', 1),
      day('2026-12-02'),
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
