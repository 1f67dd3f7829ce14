import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { leadSession } from './testing/lead-session.ts'
import { sampleLead } from './testing/sample-lead.ts'

/** The rules as shipped: CRM_ALLOW_PRIVATE_TARGETS left at its default. */
let t: TestApp
let receiver: Server
let port: number
let hits = 0
beforeEach(async () => {
  t = await createTestApp({ CRM_ALLOW_PRIVATE_TARGETS: 'false' })
  hits = 0
  receiver = createServer((req, res) => {
    hits++
    req.resume()
    res.end('ok')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
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

async function setWebhook(user: Session, url: string) {
  return t.api({ method: 'POST', url: '/leads/webhook', headers: user.headers, payload: { url } })
}

async function exportWebhook(user: Session) {
  return t.api({ method: 'POST', url: '/leads/export-webhook', headers: user.headers, payload: {} })
}

/** A webhook as an older release could have saved it, before these rules. */
async function storeWebhook(user: Session, url: string) {
  const now = t.clock().toISOString()
  await t.ctx.db
    .insertInto('lead_webhooks')
    .values({ user_id: user.userId, url, secret: 'lbwh_x', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ url }))
    .execute()
}

async function attempts(userId: string) {
  return t.ctx.db
    .selectFrom('lead_crm_attempts')
    .select(['attempt', 'status_code', 'error', 'succeeded'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

describe('CRM targets by default (SSRF guard)', () => {
  it('refuses saving a webhook on this machine, the private network or the metadata service', async () => {
    const user = await leadSession(t)
    const refused: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/hook`, /^127\.0\.0\.1 is a loopback address/],
      ['https://10.1.2.3/hook', /^10\.1\.2\.3 is a private address/],
      ['https://172.20.0.5/hook', /private address/],
      ['https://192.168.1.10/hook', /private address/],
      ['https://100.64.0.1/hook', /carrier-grade NAT/],
      ['http://169.254.169.254/latest/meta-data/', /the cloud metadata address/],
      ['https://169.254.10.10/hook', /link-local address/],
      ['http://[::1]/hook', /^::1 is a loopback address/],
      ['https://[fd12:3456::1]/hook', /private address/],
      ['https://[fe80::1]/hook', /link-local address/],
      ['https://[::ffff:127.0.0.1]/hook', /loopback address/],
      ['https://0.0.0.0/hook', /unspecified address/],
      ['https://224.0.0.1/hook', /multicast address/],
      ['https://255.255.255.255/hook', /broadcast address/],
      // Other spellings of 127.0.0.1 that URL parsing turns into it.
      ['http://2130706433/hook', /^127\.0\.0\.1 is a loopback address/],
      ['http://0x7f.1/hook', /^127\.0\.0\.1 is a loopback address/],
      [
        `http://localhost:${port}/hook`,
        /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
      ],
    ]
    for (const [url, message] of refused) {
      const res = await setWebhook(user, url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toMatch(message)
      expect(res.json().message).toMatch(/CRM exports go only to public internet addresses/)
      expect(res.json().errors?.fields?.url).toBe(res.json().message)
    }
    expect(await t.ctx.db.selectFrom('lead_webhooks').selectAll().execute()).toEqual([])
    expect((await setWebhook(user, 'https://crm.example.com/hook')).statusCode).toBe(200)
  })

  it('a stored webhook that points inward is refused at delivery: logged once, nothing sent', async () => {
    const user = await leadSession(t)
    await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload: sampleLead() })

    // A name: refused at connection time, after resolving it (DNS rebinding is caught here too).
    await storeWebhook(user, `http://localhost:${port}/hook`)
    const byName = await exportWebhook(user)
    expect(byName.statusCode).toBe(400)
    expect(byName.json().message).toMatch(
      /^Your webhook URL cannot be used: localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    )

    // An address: refused before any connection.
    t.clock.advance(60)
    await storeWebhook(user, `http://127.0.0.1:${port}/hook`)
    const byAddress = await exportWebhook(user)
    expect(byAddress.statusCode).toBe(400)
    expect(byAddress.json().message).toMatch(/127\.0\.0\.1 is a loopback address/)

    expect(hits).toBe(0)
    const log = await attempts(user.userId)
    expect(log).toHaveLength(2)
    expect(log.map((a) => [a.attempt, a.status_code, a.succeeded])).toEqual([
      [1, null, 0],
      [1, null, 0],
    ])
    expect(log[0]?.error).toMatch(/^localhost resolves to/)
    expect(log[1]?.error).toMatch(/^127\.0\.0\.1 is a loopback address/)

    const settings = await t.api({ method: 'GET', url: '/leads/crm', headers: user.headers })
    expect(settings.json().data?.deliveries).toMatchObject([
      { attempts: 1, delivered: false, last_status: null, last_error: log[1]?.error },
      { attempts: 1, delivered: false, last_status: null, last_error: log[0]?.error },
    ])
  })

  it('a Follow Up Boss URL on this machine is refused too, without the allow switch', async () => {
    await t.close()
    t = await createTestApp({
      CRM_ALLOW_PRIVATE_TARGETS: 'false',
      FOLLOW_UP_BOSS_API_URL: `http://127.0.0.1:${port}/v1`,
    })
    const user = await leadSession(t)
    await t.api({
      method: 'POST',
      url: '/leads/follow-up-boss',
      headers: user.headers,
      payload: { api_key: 'fka_0123456789abcdef' },
    })
    await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload: sampleLead() })
    await t.api({
      method: 'POST',
      url: '/leads',
      headers: user.headers,
      payload: sampleLead({ source_id: '2', phone: '5125550177' }),
    })
    const res = await t.api({
      method: 'POST',
      url: '/leads/export-follow-up-boss',
      headers: user.headers,
      payload: {},
    })
    expect(res.statusCode).toBe(502)
    expect(res.json().message).toMatch(/Follow Up Boss cannot be reached from this server/)
    expect(hits).toBe(0)
    // Stopped at the first lead: one refused attempt, not one per lead.
    const log = await attempts(user.userId)
    expect(log).toHaveLength(1)
    expect(log[0]?.error).toMatch(/^127\.0\.0\.1 is a loopback address/)
  })
})
