import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lead } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { leadSession } from './testing/lead-session.ts'
import { sampleLead } from './testing/sample-lead.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>
type Page = { items: Lead[]; total: number; page: number; page_size: number }

async function saveAll(user: Session): Promise<Lead[]> {
  const bodies = [
    sampleLead({ source_id: '1', owner_name: 'José Núñez', phone: '5125550101' }),
    sampleLead({
      source: 'zillow_fsbo',
      source_id: '2',
      owner_name: 'Pat Kim',
      phone: '5125550102',
      email: 'pat@kim.example',
      address: { street: '9 Oak Ave', city: 'Dallas', state: 'TX', zip: '75201' },
    }),
    sampleLead({
      source: 'forsalebyowner_com',
      source_id: '3',
      owner_name: 'Ann 100%_Owner',
      phone: '5125550103',
      address: { street: '77 Pine Rd', city: 'Waco', state: 'TX', zip: '76701' },
    }),
  ]
  const leads: Lead[] = []
  for (const payload of bodies) {
    t.clock.advance(10)
    const res = await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload })
    leads.push((res.json().data as { lead: Lead }).lead)
  }
  return leads
}

async function list(user: Session, query: string): Promise<Page> {
  const res = await t.api({ method: 'GET', url: `/leads${query}`, headers: user.headers })
  expect(res.statusCode).toBe(200)
  return res.json().data as unknown as Page
}

const names = (page: Page) => page.items.map((l) => l.owner_name)

describe('GET /leads', () => {
  it('lists only the caller’s leads, newest first, a page at a time', async () => {
    const user = await leadSession(t)
    const other = await leadSession(t)
    await saveAll(user)
    await t.api({
      method: 'POST',
      url: '/leads',
      headers: other.headers,
      payload: sampleLead({ owner_name: 'Someone Else' }),
    })
    const first = await list(user, '?page_size=2')
    expect(first.total).toBe(3)
    expect(names(first)).toEqual(['Ann 100%_Owner', 'Pat Kim'])
    expect(names(await list(user, '?page_size=2&page=2'))).toEqual(['José Núñez'])
  })

  it('filters by status and source', async () => {
    const user = await leadSession(t)
    const leads = await saveAll(user)
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: leads[0]?._id, status: 'do_not_call' },
    })
    expect(names(await list(user, '?status=do_not_call'))).toEqual(['José Núñez'])
    expect(names(await list(user, '?status=new')).sort()).toEqual(['Ann 100%_Owner', 'Pat Kim'])
    expect(names(await list(user, '?source=zillow_fsbo'))).toEqual(['Pat Kim'])
    expect((await list(user, '?source=zillow_fsbo&status=do_not_call')).total).toBe(0)
  })

  it.each([
    ['núñez', ['José Núñez']],
    ['PAT', ['Pat Kim']],
    ['kim.example', ['Pat Kim']],
    ['(512) 555-0103', ['Ann 100%_Owner']],
    ['+15125550102', ['Pat Kim']],
    ['oak ave dallas', ['Pat Kim']],
    ['75201', ['Pat Kim']],
    ['100%', ['Ann 100%_Owner']],
    ['%', ['Ann 100%_Owner']],
    ['_', ['Ann 100%_Owner']],
    ['nobody', []],
  ])('searches %s', async (q, expected) => {
    const user = await leadSession(t)
    await saveAll(user)
    expect(names(await list(user, `?q=${encodeURIComponent(q)}`))).toEqual(expected)
  })

  it('refuses bad paging and unknown filters, saying what is wrong', async () => {
    const user = await leadSession(t)
    for (const [query, message] of [
      ['?page_size=101', 'page_size must be at most 100'],
      ['?page=abc', 'page must be a number'],
      ['?page=99999', 'page must be at most 10000'],
      ['?status=hot', 'Unknown status'],
      ['?admin=1', 'Unknown field: admin'],
    ] as const) {
      const res = await t.api({ method: 'GET', url: `/leads${query}`, headers: user.headers })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
    }
  })
})

describe('POST /leads/update', () => {
  it('refuses an update that changes nothing', async () => {
    const user = await leadSession(t)
    const [lead] = await saveAll(user)
    const res = await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: lead?._id },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Give a status or notes to change')
  })

  it('changes status and notes of the caller’s own lead only', async () => {
    const user = await leadSession(t)
    const intruder = await leadSession(t)
    const [lead] = await saveAll(user)
    t.clock.advance(60)
    const res = await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: lead?._id, status: 'contacted', notes: 'Left a voicemail' },
    })
    expect(res.statusCode).toBe(200)
    expect((res.json().data as { lead: Lead }).lead).toMatchObject({
      status: 'contacted',
      notes: 'Left a voicemail',
      updated_at: '2026-11-20T12:01:30.000Z',
    })

    const stolen = await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: intruder.headers,
      payload: { lead_id: lead?._id, status: 'do_not_call', notes: 'hijacked' },
    })
    expect(stolen.statusCode).toBe(404)
    const stored = await t.ctx.db
      .selectFrom('leads')
      .select(['status', 'notes'])
      .where('id', '=', String(lead?._id))
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'contacted', notes: 'Left a voicemail' })

    const unknown = await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: 'no-such-lead', status: 'new' },
    })
    expect(unknown.statusCode).toBe(404)
  })
})
