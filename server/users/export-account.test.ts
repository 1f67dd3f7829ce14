import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountExport } from '../../api/schemas/users.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { accountWithEverything, authHeader } from './testing/account-data.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

describe('GET /users/export', () => {
  it('answers 401 without a session', async () => {
    const res = await t.api({ method: 'GET', url: '/users/export' })
    expect(res.statusCode).toBe(401)
  })

  it('holds every kind of record of the account, as a file, and none of anyone else', async () => {
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
    const res = await t.api({ method: 'GET', url: '/users/export', headers: authHeader(agent) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="listingbridge-export-2026-11-20.json"',
    )
    expect(res.headers['cache-control']).toBe('no-store')
    // The contract's own schema accepts it, so a client parsing it keeps every part.
    const data = accountExport.parse(res.json().data)

    expect(data.exported_at).toBe('2026-11-20T12:00:00.000Z')
    expect(data.account).toEqual({
      id: agent.userId,
      full_name: 'Quinby Zephyrine',
      email: agent.email,
      phone: '+14155550177',
      email_verified_at: '2026-11-20T12:00:00.000Z',
      created_at: '2026-11-20T12:00:00.000Z',
      updated_at: '2026-11-20T12:00:00.000Z',
      // The seeded account's trial ended when it bought its plan (charged at once).
      trial_end: '2026-11-20T12:00:00.000Z',
      pending_email: 'quinby.next@example.com',
    })
    expect(data.agent_profile).toEqual({
      listing_name: 'Quinby Zephyrine',
      license_number: 'DRE 01234567',
      license_state: 'CA',
      brokerage: 'Bay Homes Realty',
    })

    // Every column of the listing, its JSON parsed.
    expect(data.listings).toHaveLength(1)
    const listing = data.listings[0] ?? {}
    expect(listing).toMatchObject({
      id: agent.listingId,
      source: 'zillow',
      source_id: '15192198',
      listing_type: 'sale',
      data: { source_id: '15192198', listing_agent: { name: 'Quinby Zephyrine' } },
      draft: { listing_type: 'sale', address: { city: 'San Francisco' } },
      permission_basis: 'own_listing',
      permission_listing_agent: 'Quinby Zephyrine',
    })
    // Every stored column (selectAll): the listings feature's own are there without naming them.
    const columns = await t.ctx.db.selectFrom('listings').selectAll().executeTakeFirstOrThrow()
    const stored = Object.keys(columns).filter((column) => column !== 'user_id')
    expect(Object.keys(listing).sort()).toEqual(stored.sort())

    expect(data.leads).toHaveLength(1)
    expect(data.leads[0]).toMatchObject({
      id: agent.leadId,
      owner_name: 'Maria Lopez',
      notes: 'Call back after 5pm — Quinby Zephyrine',
      status: 'new',
    })
    // The conversion and the saved lead.
    expect(data.usage_by_day).toEqual([{ date: '2026-11-20', count: 2, listings: 1, leads: 1 }])

    expect(data.payments).toHaveLength(1)
    expect(data.payments[0]).toMatchObject({
      amount_cents: 4900,
      payment_type: 'subscription_create',
      status: 'succeeded',
    })
    expect(data.subscriptions).toHaveLength(1)
    expect(data.subscriptions[0]).toMatchObject({ plan_id: 'pro-monthly', status: 'active' })
    expect(data.checkout_sessions.map((c) => c.status).sort()).toEqual(['open', 'paid'])

    expect(data.fill_reports).toEqual([
      expect.objectContaining({
        id: agent.fillReportId,
        profile_version: '2026-11-01',
        language: 'en-US',
        duration_ms: 5400,
        fields: [
          { field: 'bedrooms', outcome: 'not_found', label: null },
          { field: 'price', outcome: 'filled', label: 'Price' },
        ],
      }),
    ])

    expect(data.crm.webhook).toEqual({
      url: 'https://crm.example.com/hooks/leads',
      created_at: '2026-11-20T12:00:00.000Z',
      updated_at: '2026-11-20T12:00:00.000Z',
    })
    expect(data.crm.follow_up_boss).toEqual({
      key_last4: agent.followUpBossKey.slice(-4),
      created_at: '2026-11-20T12:00:00.000Z',
      updated_at: '2026-11-20T12:00:00.000Z',
    })
    expect(data.crm.deliveries).toEqual([
      expect.objectContaining({ target: 'webhook', succeeded: 1, status_code: 200 }),
    ])
    expect(data.sessions).toEqual([
      {
        created_at: '2026-11-20T12:00:00.000Z',
        expires_at: '2026-12-20T12:00:00.000Z',
        revoked_at: null,
      },
    ])
    expect(data.support_messages).toEqual([
      expect.objectContaining({ name: 'Quinby Zephyrine', subject: 'Question about plans' }),
    ])

    // No secret, and nothing of the other agent.
    const body = res.body
    const secrets = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', agent.userId)
      .executeTakeFirstOrThrow()
    const tokenHashes = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', agent.userId)
      .execute()
    for (const secret of [
      secrets.password_hash,
      agent.webhookSecret,
      agent.followUpBossKey,
      agent.accessToken,
      agent.refreshToken,
      ...tokenHashes.map((row) => row.token_hash),
    ]) {
      expect(body).not.toContain(secret)
    }
    expect(body).not.toContain('password_hash')
    expect(body).not.toContain('token_hash')
    for (const theirs of [other.userId, other.email, 'Otto Other', other.listingId, other.leadId]) {
      expect(body).not.toContain(theirs)
    }
  })

  it('answers empty lists and nulls for an account with nothing yet', async () => {
    const user = await loggedInUser(t)
    const res = await t.api({ method: 'GET', url: '/users/export', headers: authHeader(user) })
    expect(res.statusCode).toBe(200)
    const data = accountExport.parse(res.json().data)
    expect(data).toMatchObject({
      agent_profile: null,
      listings: [],
      leads: [],
      usage_by_day: [],
      payments: [],
      subscriptions: [],
      checkout_sessions: [],
      fill_reports: [],
      crm: { webhook: null, follow_up_boss: null, deliveries: [] },
      support_messages: [],
    })
    expect(data.sessions).toHaveLength(1)
  })
})
