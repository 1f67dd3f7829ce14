import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lead, SaveLeadBody } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { WEBHOOK_BATCH_SIZE } from './export-leads-webhook.ts'
import { drainCrm, outboxOf } from './testing/crm-outbox.ts'
import { leadSession } from './testing/lead-session.ts'
import { insertLeads } from './testing/many-leads.ts'
import { sampleLead } from './testing/sample-lead.ts'

let t: TestApp
let receiver: Server | undefined
beforeEach(async () => {
  t = await createTestApp()
})
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

interface Received {
  headers: Record<string, string | string[] | undefined>
  raw: string
  /** Whether the signature checked out with the secret the user was given. */
  verified: boolean
}

/** A CRM on 127.0.0.1: answers the given statuses in turn (then 200), verifying each signature. */
async function startReceiver(
  secret: () => string,
  statuses: number[] = [],
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  const queue = [...statuses]
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const expected = `sha256=${createHmac('sha256', secret()).update(raw).digest('hex')}`
      const given = String(req.headers['x-listingbridge-signature'] ?? '')
      const verified =
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      received.push({ headers: req.headers, raw, verified })
      res.statusCode = queue.shift() ?? 200
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks/leads`, received }
}

interface Delivered {
  event: string
  delivery_id: string
  export_id: string
  batch: number
  last_batch: boolean
  leads: Lead[]
}

async function save(user: Session, payload: SaveLeadBody): Promise<Lead> {
  const res = await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload })
  return (res.json().data as { lead: Lead }).lead
}

async function setWebhook(user: Session, url: string) {
  const res = await t.api({
    method: 'POST',
    url: '/leads/webhook',
    headers: user.headers,
    payload: { url },
  })
  return res
}

async function attempts(userId: string) {
  return t.ctx.db
    .selectFrom('lead_crm_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('attempt')
    .execute()
}

describe('CRM webhook', () => {
  it('delivers signed JSON the receiver verifies, and never sends do-not-call leads', async () => {
    const user = await leadSession(t)
    let secret = ''
    const crm = await startReceiver(() => secret)
    const set = await setWebhook(user, crm.url)
    expect(set.statusCode).toBe(200)
    secret = String(set.json().data?.secret)
    expect(secret).toMatch(/^lbwh_[\w-]{43}$/)

    const keep = await save(user, sampleLead({ source_id: '1', owner_name: 'José Núñez' }))
    const dnc = await save(
      user,
      sampleLead({ source_id: '2', owner_name: 'Do Not Call Me', phone: '5125550177' }),
    )
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: dnc._id, status: 'do_not_call' },
    })

    const res = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: {},
    })
    expect(res.statusCode).toBe(202)
    const exportId = String(res.json().data?.export_id)
    expect(res.json().data).toEqual({
      status: 'queued',
      export_id: exportId,
      deliveries: 1,
      queued: 1,
      skipped_do_not_call: 1,
    })
    expect(res.json().message).toBe(
      '1 lead queued for your webhook: see the delivery log in CRM settings. 1 do-not-call lead was left out.',
    )
    expect(crm.received).toHaveLength(0)
    expect(await drainCrm(t)).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(crm.received).toHaveLength(1)
    const [delivery] = crm.received
    expect(delivery?.verified).toBe(true)
    expect(delivery?.headers['content-type']).toBe('application/json')
    expect(delivery?.headers['x-listingbridge-timestamp']).toBe(
      String(Math.floor(t.clock().getTime() / 1000)),
    )
    const body = JSON.parse(delivery?.raw ?? '{}') as Delivered
    expect(body.event).toBe('leads.exported')
    expect(body).toMatchObject({ export_id: exportId, batch: 1, last_batch: true })
    expect(delivery?.headers['idempotency-key']).toBe(body.delivery_id)
    expect(body.leads.map((l) => l._id)).toEqual([keep._id])
    expect(delivery?.raw).not.toContain('Do Not Call Me')

    // Selecting only the do-not-call lead sends nothing at all.
    const only = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: { lead_ids: [dnc._id] },
    })
    expect(only.json().data).toEqual({
      status: 'nothing_to_send',
      export_id: null,
      deliveries: 0,
      queued: 0,
      skipped_do_not_call: 1,
    })
    expect(only.json().message).toBe('Nothing to send. 1 do-not-call lead was left out.')
    await drainCrm(t)
    expect(crm.received).toHaveLength(1)
  })

  it('a tampered body fails the receiver’s check (the signature covers the raw body)', async () => {
    const user = await leadSession(t)
    let secret = ''
    const crm = await startReceiver(() => `${secret}-wrong`)
    secret = String((await setWebhook(user, crm.url)).json().data?.secret)
    await save(user, sampleLead())
    await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: {},
    })
    await drainCrm(t)
    expect(crm.received[0]?.verified).toBe(false)
  })

  it('refuses a URL that is not one, not http(s) or carries a password, and exporting before setup', async () => {
    const user = await leadSession(t)
    const none = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: {},
    })
    expect(none.statusCode).toBe(400)
    for (const url of [
      'ftp://crm.example.com',
      'not a url',
      'https://user:secret@crm.example.com/hook',
    ]) {
      const res = await setWebhook(user, url)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors?.fields?.url).toBe(res.json().message)
    }
    expect((await setWebhook(user, 'https://crm.example.com/hook')).statusCode).toBe(200)
    // Plain http only reaches a listed private range (here loopback), in tests as anywhere.
    const http = await setWebhook(user, 'http://crm.example.com/hook')
    expect(http.statusCode).toBe(400)
    expect(http.json().message).toBe('The URL must start with https://')
  })

  it('in production takes https only', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
    })
    try {
      const user = await leadSession(prod)
      const post = (url: string) =>
        prod.api({ method: 'POST', url: '/leads/webhook', headers: user.headers, payload: { url } })
      const http = await post('http://crm.example.com/hook')
      expect(http.statusCode).toBe(400)
      expect(http.json().message).toBe('The URL must start with https://')
      expect((await post('https://crm.example.com/hook')).statusCode).toBe(200)
    } finally {
      await prod.close()
    }
  })

  it('sends all of a large account in signed batches, one delivery each, the last one marked', async () => {
    const user = await leadSession(t)
    let secret = ''
    const crm = await startReceiver(() => secret)
    secret = String((await setWebhook(user, crm.url)).json().data?.secret)
    const count = WEBHOOK_BATCH_SIZE + 50
    // Every 100th lead is do-not-call: left out of the batches.
    const ids = await insertLeads(t, user.userId, count, (i) =>
      i % 100 === 0 ? 'do_not_call' : 'new',
    )
    const skipped = Math.ceil(count / 100)

    const res = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: {},
    })
    expect(res.statusCode).toBe(202)
    const sent = count - skipped
    expect(res.json().data).toMatchObject({
      status: 'queued',
      deliveries: 2,
      queued: sent,
      skipped_do_not_call: skipped,
    })
    expect(res.json().message).toBe(
      `${sent.toLocaleString('en-US')} leads queued for your webhook: see the delivery log in CRM settings. ${skipped} do-not-call leads were left out.`,
    )
    expect(await drainCrm(t)).toMatchObject({ sent: 2 })
    expect(crm.received).toHaveLength(2)
    expect(crm.received.every((r) => r.verified)).toBe(true)
    // Delivered apart, so in any order: each says which batch of which send it is.
    const bodies = crm.received
      .map((r) => JSON.parse(r.raw) as Delivered)
      .sort((a, b) => a.batch - b.batch)
    expect(bodies.map((b) => [b.batch, b.last_batch, b.leads.length])).toEqual([
      [1, false, WEBHOOK_BATCH_SIZE],
      [2, true, sent - WEBHOOK_BATCH_SIZE],
    ])
    expect(bodies.every((b) => b.export_id === res.json().data?.export_id)).toBe(true)
    expect(new Set(crm.received.map((r) => r.headers['x-listingbridge-delivery']))).toEqual(
      new Set((await outboxOf(t, user.userId)).map((d) => d.id)),
    )
    // Newest first, every lead once, no do-not-call one.
    const delivered = bodies.flatMap((b) => b.leads.map((l) => l._id))
    expect(delivered).toEqual(ids.filter((_, i) => (count - 1 - i) % 100 !== 0))
    expect(bodies.flatMap((b) => b.leads).some((l) => l.status === 'do_not_call')).toBe(false)

    // The log has the two deliveries, each with its lead count.
    const log = await attempts(user.userId)
    expect(log.map((a) => a.lead_count).sort((a, b) => a - b)).toEqual([
      sent - WEBHOOK_BATCH_SIZE,
      WEBHOOK_BATCH_SIZE,
    ])
  })

  it('delivers and retries each batch on its own: one refused does not hold back the others', async () => {
    const user = await leadSession(t)
    const crm = await startReceiver(() => '', [200, 400])
    await setWebhook(user, crm.url)
    await insertLeads(t, user.userId, WEBHOOK_BATCH_SIZE + 1)
    const res = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: {},
    })
    expect(res.json().data).toMatchObject({ deliveries: 2, queued: WEBHOOK_BATCH_SIZE + 1 })
    // A 400 is the receiver's refusal: not retried.
    expect(await drainCrm(t)).toEqual({ sent: 1, retrying: 0, failed: 1 })
    const outbox = await outboxOf(t, user.userId)
    expect(outbox.map((d) => d.status).sort()).toEqual(['failed', 'sent'])
    expect(crm.received).toHaveLength(2)
  })

  it('takes a selection of up to maxIdsPerRequest ids, no more', async () => {
    const user = await leadSession(t)
    const crm = await startReceiver(() => '')
    await setWebhook(user, crm.url)
    const ids = await insertLeads(t, user.userId, WEBHOOK_BATCH_SIZE + 1)
    const post = (leadIds: string[]) =>
      t.api({
        method: 'POST',
        url: '/leads/export-webhook',
        headers: user.headers,
        payload: { lead_ids: leadIds },
      })
    const tooMany = await post(ids)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().message).toBe('Select at most 1,000 leads at once')
    const res = await post(ids.slice(0, WEBHOOK_BATCH_SIZE))
    expect(res.json().data).toMatchObject({ deliveries: 1, queued: WEBHOOK_BATCH_SIZE })
    await drainCrm(t)
    expect(crm.received).toHaveLength(1)
  })

  it('exports only the caller’s own leads', async () => {
    const user = await leadSession(t)
    const other = await leadSession(t)
    const crm = await startReceiver(() => '')
    await setWebhook(user, crm.url)
    const theirs = await save(other, sampleLead())
    const res = await t.api({
      method: 'POST',
      url: '/leads/export-webhook',
      headers: user.headers,
      payload: { lead_ids: [theirs._id] },
    })
    expect(res.statusCode).toBe(404)
    expect(await outboxOf(t, user.userId)).toEqual([])
    await drainCrm(t)
    expect(crm.received).toHaveLength(0)
  })
})
