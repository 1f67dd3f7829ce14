import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { Lead, SaveLeadBody } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { FOLLOW_UP_BOSS_BATCH_SIZE } from './export-follow-up-boss.ts'
import { drainCrm, outboxOf } from './testing/crm-outbox.ts'
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
  idempotencyKey: string
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
        idempotencyKey: String(req.headers['idempotency-key']),
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
    expect(res.statusCode).toBe(202)
    expect(res.json().data).toMatchObject({
      status: 'queued',
      deliveries: 1,
      queued: 1,
      skipped_do_not_call: 1,
    })
    expect(res.json().message).toBe(
      '1 lead queued for Follow Up Boss: see the delivery log in CRM settings. 1 do-not-call lead was left out.',
    )
    expect(await drainCrm(t)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.method).toBe('POST')
    expect(call?.url).toBe('/v1/events')
    expect(call?.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`)
    expect(call?.idempotencyKey).toBe((await outboxOf(t, user.userId))[0]?.id)
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

  it('a refused API key fails the delivery at once, said plainly, not retried', async () => {
    const calls = await startFollowUpBoss([401, 401])
    const user = await leadSession(t)
    await connect(user)
    await save(user, sampleLead())
    expect((await exportAll(user)).statusCode).toBe(202)
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect(calls).toHaveLength(1)
    const [delivery] = await outboxOf(t, user.userId)
    expect(delivery).toMatchObject({ status: 'failed', last_status: 401 })
    expect(delivery?.last_error).toMatch(/^Follow Up Boss refused your API key \(HTTP 401\)/)
  })

  it('uses the API key saved when the attempt is made, never a copy', async () => {
    const calls = await startFollowUpBoss([503])
    const user = await leadSession(t)
    await connect(user)
    await save(user, sampleLead())
    await exportAll(user)
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 1, failed: 0 })
    const [queued] = await outboxOf(t, user.userId)
    expect(queued?.payload).not.toContain(API_KEY)
    // The agent replaces the key before the retry: the retry presents the new one.
    const newKey = 'fka_ffffeeeeddddcccc'
    await t.api({
      method: 'POST',
      url: '/leads/follow-up-boss',
      headers: user.headers,
      payload: { api_key: newKey },
    })
    t.clock.advance(60)
    expect(await drainCrm(t)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(calls.map((c) => c.authorization)).toEqual([
      `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`,
      `Basic ${Buffer.from(`${newKey}:`).toString('base64')}`,
    ])
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1)
  })

  it('sends every lead of a large account, read in batches, and a selection past 100', async () => {
    const calls = await startFollowUpBoss()
    const user = await leadSession(t)
    await connect(user)
    const count = FOLLOW_UP_BOSS_BATCH_SIZE * 2 + 30
    const ids = await insertLeads(t, user.userId, count, (i) => (i === 7 ? 'do_not_call' : 'new'))

    const all = await exportAll(user)
    expect(all.statusCode).toBe(202)
    expect(all.json().data).toMatchObject({
      deliveries: count - 1,
      queued: count - 1,
      skipped_do_not_call: 1,
    })
    expect(await drainCrm(t)).toMatchObject({ sent: count - 1 })
    expect(calls).toHaveLength(count - 1)
    // Each lead once, never the do-not-call one.
    const streets = calls.map((c) => (c.body.property as { street: string }).street)
    expect(new Set(streets).size).toBe(count - 1)
    expect(streets).not.toContain('7 Elm St')

    const selected = await exportAll(user, { lead_ids: ids.slice(0, 150) })
    expect(selected.json().data).toMatchObject({ deliveries: 150, skipped_do_not_call: 0 })
    await drainCrm(t)
    expect(calls).toHaveLength(count - 1 + 150)
  })

  it('asks to connect first', async () => {
    t = await createTestApp()
    const user = await leadSession(t)
    const res = await exportAll(user)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/Connect Follow Up Boss/)
  })
})
