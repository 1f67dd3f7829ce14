import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lead } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { apiCalls, leadSession } from './testing/lead-session.ts'
import { sampleLead } from './testing/sample-lead.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>

async function save(user: Session, payload: object) {
  const res = await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload })
  return { res, data: res.json().data as { lead: Lead; created: boolean } }
}

async function leadCount(): Promise<number> {
  return (await t.ctx.db.selectFrom('leads').select('id').execute()).length
}

describe('POST /leads', () => {
  it('two saves of the same new lead at once keep one lead and answer both', async () => {
    const user = await leadSession(t)
    const [a, b] = await Promise.all([save(user, sampleLead()), save(user, sampleLead())])
    expect([a.res.statusCode, b.res.statusCode]).toEqual([200, 200])
    expect([a.data.created, b.data.created].sort()).toEqual([false, true])
    expect(await leadCount()).toBe(1)
  })

  it('saves the lead with its phone in E.164 and counts one API call', async () => {
    const user = await leadSession(t)
    const { res, data } = await save(user, sampleLead())
    expect(res.statusCode).toBe(200)
    expect(data.created).toBe(true)
    expect(data.lead).toMatchObject({
      source: 'fsbo_com',
      source_id: '512345',
      owner_name: 'Maria Lopez',
      phone: '+15125550142',
      email: 'maria.lopez@example.com',
      address: { street: '418 Maple Street', city: 'Austin', state: 'TX', zip: '78704' },
      baths: 2.5,
      status: 'new',
      notes: '',
      created_at: '2026-11-20T12:00:00.000Z',
    })
    const stored = await t.ctx.db.selectFrom('leads').selectAll().executeTakeFirstOrThrow()
    expect(stored.user_id).toBe(user.userId)
    expect(stored.phone).toBe('+15125550142')
    expect(await apiCalls(t, user.userId)).toBe(1)
  })

  it.each([
    ['512.555.0142', '+15125550142'],
    ['+1 512 555 0142', '+15125550142'],
    ['1-512-555-0142', '+15125550142'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalises %s to %s', async (phone, e164) => {
    const user = await leadSession(t)
    const { data } = await save(user, sampleLead({ phone }))
    expect(data.lead.phone).toBe(e164)
  })

  it('refuses an invalid phone with 422 and a field message, saving and counting nothing', async () => {
    const user = await leadSession(t)
    const { res } = await save(user, sampleLead({ phone: '555-01' }))
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      message: 'Invalid phone number',
      fields: { phone: 'Invalid phone number' },
    })
    expect(await leadCount()).toBe(0)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it('accepts a lead whose page shows no phone or e-mail', async () => {
    const user = await leadSession(t)
    const { res, data } = await save(user, sampleLead({ phone: null, email: null }))
    expect(res.statusCode).toBe(200)
    expect(data.lead.phone).toBeNull()
  })

  it('answers 402 once the trial is over, and saves and counts nothing', async () => {
    const user = await leadSession(t)
    t.clock.advance(8 * 86_400)
    const login = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const headers = { authorization: `Bearer ${String(login.json().data?.access_token)}` }
    const res = await t.api({ method: 'POST', url: '/leads', headers, payload: sampleLead() })
    expect(res.statusCode).toBe(402)
    expect(res.json().message).toBe(
      'Your 7-day free trial has ended. Choose a plan on the Pricing page to keep saving leads.',
    )
    expect(await leadCount()).toBe(0)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it('requires a login', async () => {
    const res = await t.api({ method: 'POST', url: '/leads', payload: sampleLead() })
    expect(res.statusCode).toBe(401)
  })

  it('the same source listing again updates the lead, keeps status and notes, and counts', async () => {
    const user = await leadSession(t)
    const first = await save(user, sampleLead())
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: first.data.lead._id, status: 'contacted', notes: 'Call back Friday' },
    })
    t.clock.advance(600)
    const again = await save(user, sampleLead({ price: 449000, email: null, phone: '5125550199' }))
    expect(again.res.statusCode).toBe(200)
    expect(again.data.created).toBe(false)
    expect(again.data.lead).toMatchObject({
      _id: first.data.lead._id,
      price: 449000,
      phone: '+15125550199',
      // A fact the page hid this time is not erased.
      email: 'maria.lopez@example.com',
      status: 'contacted',
      notes: 'Call back Friday',
      created_at: '2026-11-20T12:00:00.000Z',
      updated_at: '2026-11-20T12:10:00.000Z',
    })
    expect(await leadCount()).toBe(1)
    expect(await apiCalls(t, user.userId)).toBe(2)
  })

  it('the same phone at the same address, from another site, updates the lead', async () => {
    const user = await leadSession(t)
    const first = await save(user, sampleLead())
    const again = await save(
      user,
      sampleLead({
        source: 'zillow_fsbo',
        source_id: '2077001234',
        listing_url: 'https://www.zillow.com/homedetails/x/2077001234_zpid/',
        phone: '+1 (512) 555-0142',
        address: { street: '418 maple st.', city: 'AUSTIN', state: 'tx', zip: '78704-1234' },
      }),
    )
    expect(again.data.created).toBe(false)
    expect(again.data.lead._id).toBe(first.data.lead._id)
    expect(await leadCount()).toBe(1)
    expect(await apiCalls(t, user.userId)).toBe(2)
  })

  it('a different address or phone, or another user, makes a new lead', async () => {
    const user = await leadSession(t)
    const other = await leadSession(t)
    await save(user, sampleLead())
    const otherAddress = await save(
      user,
      sampleLead({
        source_id: '2',
        address: { street: '420 Maple Street', city: 'Austin', state: 'TX', zip: '78704' },
      }),
    )
    const otherPhone = await save(user, sampleLead({ source_id: '3', phone: '5125550100' }))
    const otherUser = await save(other, sampleLead())
    expect([otherAddress, otherPhone, otherUser].map((s) => s.data.created)).toEqual([
      true,
      true,
      true,
    ])
    expect(await leadCount()).toBe(4)
  })
})
