import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { Lead, SaveLeadBody } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import {
  FOLLOW_UP_BOSS_BATCH_SIZE,
  FOLLOW_UP_BOSS_STOP_AFTER_FAILURES,
} from './export-follow-up-boss.ts'
import { leadSession } from './testing/lead-session.ts'
import { insertLeads } from './testing/many-leads.ts'
import { sampleLead } from './testing/sample-lead.ts'

const API_KEY = 'fka_0a1b2c3d4e5f6a7b8c9d'

let t: TestApp
let receiver: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (receiver)
      receiver.close(() => {
        resolve()
      })
    else resolve()
  })
  receiver = undefined
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>
interface Call {
  method: string
  url: string
  authorization: string
  body: Record<string, unknown>
}

/**
 * A stand-in for api.followupboss.com on 127.0.0.1, answering the statuses in turn, then 201; the
 * app is made with FOLLOW_UP_BOSS_API_URL pointing at it.
 */
async function startFollowUpBoss(statuses: number[] = []): Promise<Call[]> {
  const calls: Call[] = []
  const queue = [...statuses]
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      })
      res.statusCode = queue.shift() ?? 201
      res.setHeader('content-type', 'application/json')
      res.end('{"id":1}')
    })
  })
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  t = await createTestApp({ FOLLOW_UP_BOSS_API_URL: `http://127.0.0.1:${port}/v1` })
  return calls
}

async function save(user: Session, payload: SaveLeadBody): Promise<Lead> {
  const res = await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload })
  return (res.json().data as { lead: Lead }).lead
}

async function connect(user: Session) {
  return t.api({
    method: 'POST',
    url: '/leads/follow-up-boss',
    headers: user.headers,
    payload: { api_key: API_KEY },
  })
}

async function exportAll(user: Session, payload: object = {}) {
  return t.api({
    method: 'POST',
    url: '/leads/export-follow-up-boss',
    headers: user.headers,
    payload,
  })
}

describe('Follow Up Boss export', () => {
  it('posts one Seller Inquiry event per lead with Basic auth, never a do-not-call lead', async () => {
    const calls = await startFollowUpBoss()
    const user = await leadSession(t)
    const connected = await connect(user)
    expect(connected.json().data).toEqual({ connected: true, key_last4: '8c9d' })
    await save(user, sampleLead({ owner_name: 'José María Núñez' }))
    const dnc = await save(
      user,
      sampleLead({ source_id: '2', owner_name: 'Do Not Call', phone: '5125550177' }),
    )
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: dnc._id, status: 'do_not_call' },
    })

    const res = await exportAll(user)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({ sent: 1, failed: 0, skipped_do_not_call: 1 })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.method).toBe('POST')
    expect(call?.url).toBe('/v1/events')
    expect(call?.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`)
    expect(call?.body).toEqual({
      source: 'ListingBridge',
      system: 'ListingBridge',
      type: 'Seller Inquiry',
      person: {
        firstName: 'José',
        lastName: 'María Núñez',
        emails: [{ value: 'maria.lopez@example.com' }],
        phones: [{ value: '+15125550142' }],
        tags: ['FSBO'],
      },
      property: {
        street: '418 Maple Street',
        city: 'Austin',
        state: 'TX',
        code: '78704',
        price: 465000,
        bedrooms: 3,
        bathrooms: 2.5,
        area: 1840,
        url: 'https://fsbo.com/listings/listings/show/id/512345/',
      },
      message: 'For-sale-by-owner listing found on FSBO.com. Days on market: 12.',
    })
    expect(JSON.stringify(calls)).not.toContain('Do Not Call')
  })

  it('retries a failing call and logs every attempt', async () => {
    const calls = await startFollowUpBoss([503])
    const user = await leadSession(t)
    await connect(user)
    await save(user, sampleLead())
    const res = await exportAll(user)
    expect(res.json().data).toEqual({ sent: 1, failed: 0, skipped_do_not_call: 0 })
    expect(calls).toHaveLength(2)
    const log = await t.ctx.db
      .selectFrom('lead_crm_attempts')
      .select(['target', 'attempt', 'status_code', 'succeeded'])
      .orderBy('attempt')
      .execute()
    expect(log).toEqual([
      { target: 'follow_up_boss', attempt: 1, status_code: 503, succeeded: 0 },
      { target: 'follow_up_boss', attempt: 2, status_code: 201, succeeded: 1 },
    ])
  })

  it('a refused API key is said plainly and not retried', async () => {
    const calls = await startFollowUpBoss([401, 401])
    const user = await leadSession(t)
    await connect(user)
    await save(user, sampleLead())
    const res = await exportAll(user)
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(/Follow Up Boss refused your API key/)
    expect(calls).toHaveLength(1)
  })

  it('sends every lead of a large account, read in batches, and a selection past 100', async () => {
    const calls = await startFollowUpBoss()
    const user = await leadSession(t)
    await connect(user)
    const count = FOLLOW_UP_BOSS_BATCH_SIZE * 2 + 30
    const ids = await insertLeads(t, user.userId, count, (i) => (i === 7 ? 'do_not_call' : 'new'))

    const all = await exportAll(user)
    expect(all.statusCode).toBe(200)
    expect(all.json().data).toEqual({ sent: count - 1, failed: 0, skipped_do_not_call: 1 })
    expect(calls).toHaveLength(count - 1)
    // Newest first, each lead once.
    const streets = calls.map((c) => (c.body.property as { street: string }).street)
    expect(new Set(streets).size).toBe(count - 1)
    expect(streets.slice(0, 2)).toEqual([`${count - 1} Elm St`, `${count - 2} Elm St`])
    expect(streets).not.toContain('7 Elm St')

    const selected = await exportAll(user, { lead_ids: ids.slice(0, 150) })
    expect(selected.json().data).toEqual({ sent: 150, failed: 0, skipped_do_not_call: 0 })
    expect(calls).toHaveLength(count - 1 + 150)
  })

  it(`stops after ${FOLLOW_UP_BOSS_STOP_AFTER_FAILURES} leads in a row fail and counts the rest as not sent`, async () => {
    // 400 is not retried, so each failure is one call.
    const calls = await startFollowUpBoss([201, 400, 201, 400, 400, 400])
    const user = await leadSession(t)
    await connect(user)
    await insertLeads(t, user.userId, 10)
    const res = await exportAll(user)
    expect(res.statusCode).toBe(200)
    expect(calls).toHaveLength(6)
    expect(res.json().data).toEqual({ sent: 2, failed: 8, skipped_do_not_call: 0 })
    expect(res.json().message).toBe(
      '2 leads sent to Follow Up Boss. Follow Up Boss stopped taking leads, so 8 leads were not sent; try again later.',
    )
  })

  it('asks to connect first', async () => {
    t = await createTestApp()
    const user = await leadSession(t)
    const res = await exportAll(user)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/Connect Follow Up Boss/)
  })
})
