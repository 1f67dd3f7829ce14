import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { crmSettingsData, type Lead } from '../../api/schemas/leads.ts'
import { claimDue } from '../outbox/claim-due.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { CRM_MAX_ATTEMPTS, CRM_QUEUE, CRM_RETRY_DELAYS_SECONDS } from './crm-outbox.ts'
import { ALL_DO_NOT_CALL, CRM_LEASE_SECONDS, createCrmSender } from './crm-sender.ts'
import { startCrmReceiver, type CrmReceiver } from './testing/crm-receiver.ts'
import { outboxOf } from './testing/crm-outbox.ts'
import { leadSession } from './testing/lead-session.ts'
import { insertLeads } from './testing/many-leads.ts'
import { sampleLead } from './testing/sample-lead.ts'

let t: TestApp
let crm: CrmReceiver
beforeEach(async () => {
  crm = await startCrmReceiver()
  t = await createTestApp({ FOLLOW_UP_BOSS_API_URL: `${crm.origin}/v1` })
})
afterEach(async () => {
  await crm.close()
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>

/** A user with a webhook on the receiver and one saved lead; answers the signing secret. */
async function webhookUser(): Promise<{ user: Session; secret: string; lead: Lead }> {
  const user = await leadSession(t)
  const hook = await t.api({
    method: 'POST',
    url: '/leads/webhook',
    headers: user.headers,
    payload: { url: `${crm.origin}/hooks/leads` },
  })
  const saved = await t.api({
    method: 'POST',
    url: '/leads',
    headers: user.headers,
    payload: sampleLead(),
  })
  const lead = (saved.json().data as { lead: Lead }).lead
  return { user, secret: String(hook.json().data?.secret), lead }
}

async function sendToWebhook(user: Session, payload: object = {}) {
  return t.api({ method: 'POST', url: '/leads/export-webhook', headers: user.headers, payload })
}

/** GET /leads/crm's deliveries, signed in afresh: the clock may have outrun the access token. */
async function deliveryLog(user: Session) {
  const login = await t.api({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  const res = await t.api({
    method: 'GET',
    url: '/leads/crm',
    headers: { authorization: `Bearer ${String(login.json().data?.access_token)}` },
  })
  return crmSettingsData.parse(res.json().data).deliveries
}

const at = (t0: number, seconds: number) => new Date(t0 + seconds * 1000).toISOString()

describe('CRM sender', () => {
  it('Send to CRM answers at once with the delivery queued, even while the receiver hangs', async () => {
    const { user } = await webhookUser()
    crm.answers.push('hang')
    const first = await sendToWebhook(user)
    expect(first.statusCode).toBe(202)
    expect(first.json().data).toMatchObject({ status: 'queued', deliveries: 1, queued: 1 })
    expect(first.json().message).toBe(
      '1 lead queued for your webhook: see the delivery log in CRM settings.',
    )
    // Nothing was attempted inside the request.
    expect(crm.received).toHaveLength(0)

    const sender = createCrmSender(t.ctx, { attemptTimeoutMs: 200 })
    let passDone = false
    const pass = sender.drainOnce().finally(() => (passDone = true))
    await vi.waitFor(() => {
      expect(crm.received).toHaveLength(1)
    })
    // The receiver holds the attempt unanswered; another send is answered all the same.
    t.clock.advance(1)
    const second = await sendToWebhook(user)
    expect(second.statusCode).toBe(202)
    expect(second.json().data?.status).toBe('queued')
    expect(passDone).toBe(false)

    expect(await pass).toEqual({ sent: 0, retrying: 1, failed: 0 })
    expect(await deliveryLog(user)).toMatchObject([
      { status: 'queued', attempts: [], next_attempt_at: t.clock().toISOString() },
      {
        status: 'queued',
        attempts: [{ attempt: 1, status_code: null, error: 'No answer within 0.2 s' }],
        next_attempt_at: at(t.clock().getTime(), CRM_RETRY_DELAYS_SECONDS[0] ?? 0),
      },
    ])
  })

  it('retries 5xx answers after 1 and 5 minutes, then delivers; the log shows every attempt', async () => {
    const { user, secret, lead } = await webhookUser()
    crm.answers.push(500, 503)
    const t0 = t.clock().getTime()
    await sendToWebhook(user)
    const sender = createCrmSender(t.ctx)

    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 })
    const [row] = await outboxOf(t, user.userId)
    expect(row).toMatchObject({ status: 'queued', attempts: 1, next_attempt_at: at(t0, 60) })
    // Not due before its back-off.
    t.clock.advance(59)
    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    t.clock.advance(1)
    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 })
    expect((await outboxOf(t, user.userId))[0]?.next_attempt_at).toBe(at(t0, 60 + 300))
    t.clock.advance(300)
    expect(await sender.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 })

    // Every attempt is the same delivery, signed afresh with its own time.
    expect(crm.received).toHaveLength(3)
    const deliveryId = row?.id ?? ''
    for (const call of crm.received) {
      expect(call.headers['x-listingbridge-delivery']).toBe(deliveryId)
      expect(call.headers['idempotency-key']).toBe(deliveryId)
      const expected = `sha256=${createHmac('sha256', secret).update(call.raw).digest('hex')}`
      expect(call.headers['x-listingbridge-signature']).toBe(expected)
      const body = JSON.parse(call.raw) as { delivery_id: string; leads: Lead[] }
      expect(body.delivery_id).toBe(deliveryId)
      expect(body.leads.map((l) => l._id)).toEqual([lead._id])
    }

    const [delivery] = await deliveryLog(user)
    expect(delivery).toEqual({
      delivery_id: deliveryId,
      target: 'webhook',
      lead_count: 1,
      status: 'sent',
      attempts: [
        { attempt: 1, at: at(t0, 0), status_code: 500, error: 'HTTP 500' },
        { attempt: 2, at: at(t0, 60), status_code: 503, error: 'HTTP 503' },
        { attempt: 3, at: at(t0, 360), status_code: 200, error: null },
      ],
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
      created_at: at(t0, 0),
    })
    // Sent: the frozen copy of the leads is not kept.
    expect((await outboxOf(t, user.userId))[0]?.payload).toBeNull()
  })

  it(`gives up after ${CRM_MAX_ATTEMPTS} attempts over about eight and a half hours`, async () => {
    const { user } = await webhookUser()
    crm.answers.push(...Array<number>(CRM_MAX_ATTEMPTS + 1).fill(500))
    await sendToWebhook(user)
    const sender = createCrmSender(t.ctx)
    const waits: number[] = []
    for (let attempt = 1; attempt < CRM_MAX_ATTEMPTS; attempt++) {
      expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 })
      const [row] = await outboxOf(t, user.userId)
      const wait = (Date.parse(row?.next_attempt_at ?? '') - t.clock().getTime()) / 1000
      waits.push(wait)
      t.clock.advance(wait)
    }
    expect(waits).toEqual(CRM_RETRY_DELAYS_SECONDS)
    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect((await outboxOf(t, user.userId))[0]).toMatchObject({
      status: 'failed',
      attempts: CRM_MAX_ATTEMPTS,
      last_error: 'HTTP 500',
      finished_at: t.clock().toISOString(),
    })
    t.clock.advance(7 * 86_400)
    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(crm.received).toHaveLength(CRM_MAX_ATTEMPTS)
    const [delivery] = await deliveryLog(user)
    expect(delivery?.status).toBe('failed')
    expect(delivery?.attempts).toHaveLength(CRM_MAX_ATTEMPTS)
  })

  it('delivers each of many deliveries exactly once with two senders racing', async () => {
    const user = await leadSession(t)
    await t.api({
      method: 'POST',
      url: '/leads/follow-up-boss',
      headers: user.headers,
      payload: { api_key: 'fka_0a1b2c3d4e5f6a7b8c9d' },
    })
    await insertLeads(t, user.userId, 30)
    const res = await t.api({
      method: 'POST',
      url: '/leads/export-follow-up-boss',
      headers: user.headers,
      payload: {},
    })
    expect(res.json().data).toMatchObject({ status: 'queued', deliveries: 30 })
    const ids = (await outboxOf(t, user.userId)).map((d) => d.id)

    // A second connection to the same database stands in for a second server process.
    const otherDb = t.openDb()
    try {
      const a = createCrmSender(t.ctx, { batchSize: 4 })
      const b = createCrmSender({ ...t.ctx, db: otherDb }, { batchSize: 4 })
      const open = async () =>
        (
          await t.ctx.db
            .selectFrom('crm_deliveries')
            .select('id')
            .where('status', 'in', ['queued', 'sending'])
            .execute()
        ).length
      // Each keeps draining while anything is open, so neither stops because the other holds some.
      const drain = async (sender: typeof a) => {
        let sent = 0
        while (await open()) {
          sent += (await sender.drainOnce()).sent
          await new Promise((resolve) => setImmediate(resolve))
        }
        return sent
      }
      const [byA, byB] = await Promise.all([drain(a), drain(b)])
      expect(byA + byB).toBe(30)
      expect(byA).toBeGreaterThan(0)
      expect(byB).toBeGreaterThan(0)
    } finally {
      await otherDb.destroy()
    }
    const keys = crm.received.map((c) => String(c.headers['idempotency-key']))
    expect(keys).toHaveLength(30)
    expect(new Set(keys)).toEqual(new Set(ids))
    const attempts = await t.ctx.db.selectFrom('lead_crm_attempts').select('delivery_id').execute()
    expect(attempts).toHaveLength(30)
  })

  it('takes over a delivery whose sender died mid-attempt, once its lease lapses', async () => {
    const { user } = await webhookUser()
    await sendToWebhook(user)
    // Sender A claims the delivery, then its process dies before attempting it.
    const claimedByA = await claimDue(t.ctx.db, CRM_QUEUE, t.clock(), {
      leaseSeconds: CRM_LEASE_SECONDS,
      limit: 10,
    })
    expect(claimedByA.ids).toHaveLength(1)
    expect((await deliveryLog(user))[0]?.status).toBe('sending')

    const b = createCrmSender(t.ctx)
    expect(await b.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    t.clock.advance(CRM_LEASE_SECONDS - 1)
    expect(await b.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(crm.received).toHaveLength(0)
    t.clock.advance(1)
    expect(await b.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    t.clock.advance(CRM_LEASE_SECONDS * 10)
    expect(await b.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(crm.received).toHaveLength(1)
    expect(await deliveryLog(user)).toMatchObject([
      { status: 'sent', attempts: [{ attempt: 1, status_code: 200 }] },
    ])
  })

  it('leaves out leads marked do-not-call after the send; none left, nothing is sent', async () => {
    const { user, lead } = await webhookUser()
    const other = await t.api({
      method: 'POST',
      url: '/leads',
      headers: user.headers,
      payload: sampleLead({ source_id: '2', phone: '5125550177', owner_name: 'Second Owner' }),
    })
    const second = (other.json().data as { lead: Lead }).lead
    const markDoNotCall = (leadId: string) =>
      t.api({
        method: 'POST',
        url: '/leads/update',
        headers: user.headers,
        payload: { lead_id: leadId, status: 'do_not_call' },
      })
    await sendToWebhook(user)
    await markDoNotCall(second._id)
    const sender = createCrmSender(t.ctx)
    expect(await sender.drainOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const body = JSON.parse(crm.received[0]?.raw ?? '{}') as { leads: Lead[] }
    expect(body.leads.map((l) => l._id)).toEqual([lead._id])

    t.clock.advance(60)
    await sendToWebhook(user, { lead_ids: [lead._id] })
    await markDoNotCall(lead._id)
    expect(await sender.drainOnce()).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect(crm.received).toHaveLength(1)
    const log = await deliveryLog(user)
    expect(log.map((d) => [d.status, d.lead_count, d.last_error])).toEqual([
      ['failed', 0, ALL_DO_NOT_CALL],
      ['sent', 1, null],
    ])
  })
})
