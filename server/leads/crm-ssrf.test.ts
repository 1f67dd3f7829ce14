import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ResolveAll } from '../net/resolve-host.ts'
import { stubResolver } from '../testing/stub-dns.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { drainCrm } from './testing/crm-outbox.ts'
import { leadSession } from './testing/lead-session.ts'
import { sampleLead } from './testing/sample-lead.ts'

/** What names resolve to here: no real DNS is asked. */
const names = {
  localhost: ['127.0.0.1'],
  'crm.example.com': ['93.184.215.14'],
  'metadata.example.com': ['169.254.169.254'],
  'inward.example.com': ['93.184.215.14', '10.0.0.7'],
  'crm.intranet': ['10.20.0.8'],
}

/**
 * The rules as shipped: CRM_PRIVATE_TARGETS left empty. `receiver` on 127.0.0.1 stands for
 * something inside that must never be reached; `hits` counts what reached it.
 */
let t: TestApp
let receiver: Server
let port: number
let hits = 0
const servers: Server[] = []

async function listen(server: Server, host: string): Promise<number> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  return (server.address() as AddressInfo).port
}

async function app(
  env: Record<string, string> = {},
  resolveHost: ResolveAll = stubResolver(names),
) {
  await t.close()
  t = await createTestApp({ CRM_PRIVATE_TARGETS: '', ...env }, { resolveHost })
  return t
}

beforeEach(async () => {
  t = await createTestApp({ CRM_PRIVATE_TARGETS: '' }, { resolveHost: stubResolver(names) })
  hits = 0
  receiver = createServer((req, res) => {
    hits++
    req.resume()
    res.end('ok')
  })
  port = await listen(receiver, '127.0.0.1')
})
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => {
            resolve()
          })
        }),
    ),
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

const PRIVATE_NAME =
  /resolves to a private address: CRM exports go only to public internet addresses/

describe('CRM targets by default (SSRF guard)', () => {
  it('refuses saving a webhook on this machine, the private network or the metadata service', async () => {
    const user = await leadSession(t)
    const refused: [string, RegExp][] = [
      [`https://127.0.0.1:${port}/hook`, /^127\.0\.0\.1 is a loopback address/],
      ['https://10.1.2.3/hook', /^10\.1\.2\.3 is a private address/],
      ['https://172.20.0.5/hook', /private address/],
      ['https://192.168.1.10/hook', /private address/],
      ['https://100.64.0.1/hook', /carrier-grade NAT/],
      ['https://169.254.169.254/latest/meta-data/', /the cloud metadata address/],
      ['https://169.254.10.10/hook', /link-local address/],
      ['https://[::1]/hook', /^::1 is a loopback address/],
      ['https://[fd12:3456::1]/hook', /private address/],
      ['https://[fe80::1]/hook', /link-local address/],
      ['https://[::ffff:127.0.0.1]/hook', /loopback address/],
      ['https://0.0.0.0/hook', /unspecified address/],
      ['https://224.0.0.1/hook', /multicast address/],
      ['https://255.255.255.255/hook', /broadcast address/],
      // Other spellings of 127.0.0.1 that URL parsing turns into it.
      ['https://2130706433/hook', /^127\.0\.0\.1 is a loopback address/],
      ['https://0x7f.1/hook', /^127\.0\.0\.1 is a loopback address/],
      // Names: refused by what they resolve to, which the answer does not tell.
      [`https://localhost:${port}/hook`, /^localhost resolves to a private address/],
      ['https://metadata.example.com/hook', /^metadata\.example\.com resolves to a private/],
      ['https://inward.example.com/hook', /^inward\.example\.com resolves to a private/],
      ['https://crm.intranet/hook', /^crm\.intranet resolves to a private address/],
    ]
    for (const [url, message] of refused) {
      const res = await setWebhook(user, url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toMatch(message)
      expect(res.json().message).toMatch(/CRM exports go only to public internet addresses/)
      expect(res.json().errors?.fields?.url).toBe(res.json().message)
    }
    // What a name points to never reaches the user.
    for (const name of ['localhost', 'metadata.example.com', 'inward.example.com']) {
      const res = await setWebhook(user, `https://${name}/hook`)
      expect(res.body).not.toMatch(/127\.0\.0\.1|169\.254|10\.0\.0\.7/)
    }
    expect(await t.ctx.db.selectFrom('lead_webhooks').selectAll().execute()).toEqual([])
    expect((await setWebhook(user, 'https://crm.example.com/hook')).statusCode).toBe(200)
  })

  it('takes plain http nowhere without a listed range, in development too', async () => {
    await app({ NODE_ENV: 'development' })
    const user = await leadSession(t)
    for (const url of ['http://crm.example.com/hook', `http://127.0.0.1:${port}/hook`]) {
      const res = await setWebhook(user, url)
      expect(res.statusCode, url).toBe(400)
    }
    expect((await setWebhook(user, 'http://crm.example.com/hook')).json().message).toBe(
      'The URL must start with https://',
    )
  })

  it('with CRM_PRIVATE_TARGETS, reaches the listed range (over http too) and nothing else inside', async () => {
    await app({ CRM_PRIVATE_TARGETS: '10.20.0.0/16,0.0.0.0/0' })
    const user = await leadSession(t)
    expect((await setWebhook(user, 'http://crm.intranet/hook')).statusCode).toBe(200)
    expect((await setWebhook(user, 'http://10.20.0.8/hook')).statusCode).toBe(200)
    // Public, so https is needed.
    const http = await setWebhook(user, 'http://crm.example.com/hook')
    expect(http.json().message).toBe('The URL must start with https://')
    // Even inside a listed (wide) range: no metadata service, no link-local, no loopback.
    for (const [url, message] of [
      ['http://169.254.169.254/latest/meta-data/', /the cloud metadata address/],
      ['https://metadata.example.com/x', PRIVATE_NAME],
      [`http://127.0.0.1:${port}/hook`, /loopback address/],
      [`https://localhost:${port}/hook`, PRIVATE_NAME],
    ] as const) {
      const res = await setWebhook(user, url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toMatch(message)
    }
  })

  it('a stored webhook that points inward is refused: an address at once, a name at delivery', async () => {
    const user = await leadSession(t)
    await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload: sampleLead() })

    // A name: queued, then refused at connection time, after resolving it (DNS rebinding is
    // caught here too): one failed attempt in the log, not retried.
    await storeWebhook(user, `https://localhost:${port}/hook`)
    expect((await exportWebhook(user)).statusCode).toBe(202)
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 0, failed: 1 })
    const log = await attempts(user.userId)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ attempt: 1, status_code: null, succeeded: 0 })
    expect(log[0]?.error).toMatch(
      /^localhost resolves to a private address: CRM exports go only to public internet addresses/,
    )

    // An address: refused before anything is queued.
    t.clock.advance(60)
    await storeWebhook(user, `http://127.0.0.1:${port}/hook`)
    const byAddress = await exportWebhook(user)
    expect(byAddress.statusCode).toBe(400)
    expect(byAddress.json().message).toMatch(
      /^Your webhook URL cannot be used: 127\.0\.0\.1 is a loopback address/,
    )
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 0, failed: 0 })

    expect(hits).toBe(0)
    const settings = await t.api({ method: 'GET', url: '/leads/crm', headers: user.headers })
    expect(settings.json().data?.deliveries).toMatchObject([
      { status: 'failed', attempts: [{ status_code: null }], last_error: log[0]?.error },
    ])
    // What the name resolved to is not in the log.
    expect(JSON.stringify(settings.json().data?.deliveries)).not.toContain('127.0.0.1')
  })

  it('does not follow a redirect from the webhook to an address inside', async () => {
    // The webhook is on 127.0.0.2, the one address listed; it answers 302 to 127.0.0.1.
    await app({ CRM_PRIVATE_TARGETS: '127.0.0.2/32' })
    let redirects = 0
    const crm = createServer((req, res) => {
      redirects++
      req.resume()
      res.writeHead(302, { location: `http://127.0.0.1:${port}/latest/meta-data/` })
      res.end()
    })
    const crmPort = await listen(crm, '127.0.0.2')
    const user = await leadSession(t)
    expect((await setWebhook(user, `http://127.0.0.2:${crmPort}/hook`)).statusCode).toBe(200)
    await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload: sampleLead() })

    expect((await exportWebhook(user)).statusCode).toBe(202)
    // A 3xx is no success and no reason to try again.
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect(redirects).toBe(1)
    expect(hits).toBe(0)
    expect(await attempts(user.userId)).toEqual([
      { attempt: 1, status_code: 302, error: 'HTTP 302', succeeded: 0 },
    ])
  })

  it('a Follow Up Boss URL on this machine is refused too, unless listed', async () => {
    await app({ FOLLOW_UP_BOSS_API_URL: `http://127.0.0.1:${port}/v1` })
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
    // Said before anything is queued: no lead waits for a target it may never reach.
    expect(await drainCrm(t)).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(hits).toBe(0)
    expect(await attempts(user.userId)).toEqual([])
  })
})
