import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { crmSettingsData } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { CRM_DELIVERIES_SHOWN } from './crm-settings.ts'
import { drainCrm } from './testing/crm-outbox.ts'
import { leadSession } from './testing/lead-session.ts'
import { sampleLead } from './testing/sample-lead.ts'

const API_KEY = 'fka_0a1b2c3d4e5f6a7b8c9d'

let t: TestApp
let receiver: Server
let url: string
const statuses: number[] = []
beforeEach(async () => {
  statuses.length = 0
  receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.statusCode = statuses.shift() ?? 200
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  t = await createTestApp({ FOLLOW_UP_BOSS_API_URL: `${url}/v1` })
})
afterEach(async () => {
  await new Promise<void>((resolve) =>
    receiver.close(() => {
      resolve()
    }),
  )
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>

async function settings(user: Session) {
  const res = await t.api({ method: 'GET', url: '/leads/crm', headers: user.headers })
  expect(res.statusCode).toBe(200)
  return crmSettingsData.parse(res.json().data)
}

async function exportWebhook(user: Session) {
  return t.api({ method: 'POST', url: '/leads/export-webhook', headers: user.headers, payload: {} })
}

describe('GET /leads/crm', () => {
  it('answers nothing set up for a new user', async () => {
    const user = await leadSession(t)
    expect(await settings(user)).toEqual({ webhook: null, follow_up_boss: null, deliveries: [] })
  })

  it('shows where exports go, never the secret or the key', async () => {
    const user = await leadSession(t)
    const hook = await t.api({
      method: 'POST',
      url: '/leads/webhook',
      headers: user.headers,
      payload: { url: `${url}/hooks/leads` },
    })
    const secret = String(hook.json().data?.secret)
    t.clock.advance(60)
    await t.api({
      method: 'POST',
      url: '/leads/follow-up-boss',
      headers: user.headers,
      payload: { api_key: API_KEY },
    })
    const res = await t.api({ method: 'GET', url: '/leads/crm', headers: user.headers })
    expect(res.json().data).toEqual({
      webhook: { url: `${url}/hooks/leads`, updated_at: '2026-11-20T12:00:00.000Z' },
      follow_up_boss: { key_last4: '8c9d', updated_at: '2026-11-20T12:01:00.000Z' },
      deliveries: [],
    })
    expect(res.body).not.toContain(secret)
    expect(res.body).not.toContain(API_KEY)
  })

  it('lists each delivery with its status and every attempt, newest first', async () => {
    const user = await leadSession(t)
    await t.api({
      method: 'POST',
      url: '/leads/webhook',
      headers: user.headers,
      payload: { url: `${url}/hooks/leads` },
    })
    await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload: sampleLead() })
    await t.api({
      method: 'POST',
      url: '/leads',
      headers: user.headers,
      payload: sampleLead({ source_id: '2', phone: '5125550177' }),
    })

    // Failed once, then taken a minute later: two attempts, sent.
    statuses.push(500)
    const first = await exportWebhook(user)
    expect(first.statusCode).toBe(202)
    await drainCrm(t)
    t.clock.advance(60)
    await drainCrm(t)
    // Refused outright: one attempt, failed.
    statuses.push(400)
    await exportWebhook(user)
    await drainCrm(t)
    // Follow Up Boss, one delivery per lead, not attempted yet.
    t.clock.advance(60)
    await t.api({
      method: 'POST',
      url: '/leads/follow-up-boss',
      headers: user.headers,
      payload: { api_key: API_KEY },
    })
    await t.api({
      method: 'POST',
      url: '/leads/export-follow-up-boss',
      headers: user.headers,
      payload: {},
    })

    const { deliveries } = await settings(user)
    expect(deliveries.map(({ delivery_id: _, ...d }) => d)).toEqual([
      ...[1, 2].map(() => ({
        target: 'follow_up_boss',
        lead_count: 1,
        status: 'queued',
        attempts: [],
        last_status: null,
        last_error: null,
        next_attempt_at: '2026-11-20T12:02:00.000Z',
        created_at: '2026-11-20T12:02:00.000Z',
      })),
      {
        target: 'webhook',
        lead_count: 2,
        status: 'failed',
        attempts: [
          { attempt: 1, at: '2026-11-20T12:01:00.000Z', status_code: 400, error: 'HTTP 400' },
        ],
        last_status: 400,
        last_error: 'HTTP 400',
        next_attempt_at: null,
        created_at: '2026-11-20T12:01:00.000Z',
      },
      {
        target: 'webhook',
        lead_count: 2,
        status: 'sent',
        attempts: [
          { attempt: 1, at: '2026-11-20T12:00:00.000Z', status_code: 500, error: 'HTTP 500' },
          { attempt: 2, at: '2026-11-20T12:01:00.000Z', status_code: 200, error: null },
        ],
        last_status: 200,
        last_error: null,
        next_attempt_at: null,
        created_at: '2026-11-20T12:00:00.000Z',
      },
    ])
    const [sent] = await t.ctx.db
      .selectFrom('crm_deliveries')
      .select('id')
      .where('export_id', '=', String(first.json().data?.export_id))
      .execute()
    expect(deliveries[3]?.delivery_id).toBe(sent?.id)
  })

  it('shows only the caller’s deliveries, the 20 newest', async () => {
    const user = await leadSession(t)
    const other = await leadSession(t)
    const row = (userId: string, n: number) => ({
      id: `delivery-${userId}-${String(n).padStart(2, '0')}`,
      user_id: userId,
      export_id: `export-${userId}-${n}`,
      target: 'webhook' as const,
      payload: null,
      lead_count: 1,
      status: 'sent' as const,
      attempts: 1,
      next_attempt_at: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
      locked_until: null,
      last_status: 200,
      last_error: null,
      created_at: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
      finished_at: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
    })
    const count = CRM_DELIVERIES_SHOWN + 5
    await t.ctx.db
      .insertInto('crm_deliveries')
      .values(Array.from({ length: count }, (_, n) => row(user.userId, n)))
      .execute()
    await t.ctx.db.insertInto('crm_deliveries').values(row(other.userId, count)).execute()

    const { deliveries } = await settings(user)
    expect(deliveries).toHaveLength(CRM_DELIVERIES_SHOWN)
    expect(deliveries[0]?.delivery_id).toBe(`delivery-${user.userId}-${count - 1}`)
    expect(deliveries.at(-1)?.delivery_id).toBe(
      `delivery-${user.userId}-${String(count - CRM_DELIVERIES_SHOWN).padStart(2, '0')}`,
    )
    expect(deliveries.every((d) => d.delivery_id.includes(user.userId))).toBe(true)
  })

  it('requires a login', async () => {
    const res = await t.api({ method: 'GET', url: '/leads/crm' })
    expect(res.statusCode).toBe(401)
  })
})
