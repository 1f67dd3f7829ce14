import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppContext } from '../app-context.ts'
import type { ResolveAll } from '../net/resolve-host.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { deliverToCrm, type CrmRequest } from './crm-delivery.ts'

let t: TestApp
let receiver: Server
let port: number
let hosts: string[] = []
beforeEach(async () => {
  t = await createTestApp()
  hosts = []
  receiver = createServer((req, res) => {
    hosts.push(req.headers.host ?? '')
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

/** The app's context with loopback listed in CRM_PRIVATE_TARGETS (as tests do) or not. */
function withLoopbackListed(
  listed: boolean,
  resolveHost: ResolveAll = t.ctx.resolveHost,
): AppContext {
  const privateTargets = listed ? t.ctx.config.crm.privateTargets : []
  return {
    ...t.ctx,
    resolveHost,
    config: { ...t.ctx.config, crm: { ...t.ctx.config.crm, privateTargets } },
  }
}

/** A name whose answers change from one lookup to the next, as a rebinding attacker's does. */
function rebinding(answers: string[][]): { resolve: ResolveAll; lookups: () => number } {
  let n = 0
  return {
    resolve: () => {
      const addresses = answers[Math.min(n, answers.length - 1)] ?? []
      n++
      return Promise.resolve(addresses.map((address): LookupAddress => ({ address, family: 4 })))
    },
    lookups: () => n,
  }
}

async function request(url: string): Promise<CrmRequest> {
  const user = await loggedInUser(t)
  return {
    userId: user.userId,
    target: 'webhook',
    url,
    leadCount: 1,
    build: () => ({ body: '{}', headers: {} }),
  }
}

describe('deliverToCrm connects only to checked addresses', () => {
  it('connects to the address the checked lookup gave, not to one the name gives later', async () => {
    // First answer: where the receiver is (allowed here); any later answer would go elsewhere.
    const dns = rebinding([['127.0.0.1'], ['10.9.9.9']])
    const result = await deliverToCrm(
      withLoopbackListed(true, dns.resolve),
      await request(`http://crm.rebind.test:${port}/hook`),
    )
    expect(result).toMatchObject({ delivered: true, attempts: 1, refused: null })
    expect(hosts).toEqual([`crm.rebind.test:${port}`])
    expect(dns.lookups()).toBe(1)
  })

  it('refuses a name that resolves inward at delivery, logged once and not retried', async () => {
    const dns = rebinding([['127.0.0.1']])
    const req = await request(`https://crm.rebind.test:${port}/hook`)
    const warnings: object[] = []
    const result = await deliverToCrm(withLoopbackListed(false, dns.resolve), req, {
      warn: (obj) => warnings.push(obj),
    })
    expect(result).toMatchObject({
      delivered: false,
      attempts: 1,
      lastStatus: null,
      refused:
        'crm.rebind.test resolves to a private address: CRM exports go only to public internet addresses',
    })
    // Where it pointed is for the server's log only.
    expect(warnings).toEqual([{ target: 'webhook', host: 'crm.rebind.test', address: '127.0.0.1' }])
    expect(hosts).toEqual([])
    const log = await t.ctx.db
      .selectFrom('lead_crm_attempts')
      .select(['attempt', 'error', 'succeeded'])
      .where('user_id', '=', req.userId)
      .execute()
    expect(log).toEqual([{ attempt: 1, error: result.refused, succeeded: 0 }])
  })

  it('plain http to a name that resolves to a public address is refused: https is needed', async () => {
    const dns = rebinding([['93.184.215.14']])
    const req = await request(`http://crm.public.test:${port}/hook`)
    const result = await deliverToCrm(withLoopbackListed(true, dns.resolve), req)
    expect(result).toMatchObject({
      delivered: false,
      attempts: 1,
      refused: 'The URL must start with https://',
    })
    expect(hosts).toEqual([])
  })

  it('an unreachable receiver is an ordinary failure, retried and said for a person', async () => {
    const req = await request('http://127.0.0.1:9/hook')
    const result = await deliverToCrm(withLoopbackListed(true), req)
    expect(result).toMatchObject({ delivered: false, attempts: 4, refused: null })
    expect(result.lastError).toMatch(/ECONNREFUSED/)
  })
})
