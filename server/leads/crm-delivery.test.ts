import type { LookupAddress } from 'node:dns'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppContext } from '../app-context.ts'
import type { ResolveAll } from '../net/resolve-host.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import {
  openCrmConnections,
  type AttemptOutcome,
  type CrmLog,
  type CrmPost,
} from './crm-delivery.ts'

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

function post(url: string): CrmPost {
  return { target: 'webhook', url, body: '{}', headers: {} }
}

/** One attempt with connections of its own, closed after. */
async function attempt(ctx: AppContext, url: string, log?: CrmLog): Promise<AttemptOutcome> {
  const connections = openCrmConnections(ctx, log ? { log } : {})
  try {
    return await connections.post(post(url))
  } finally {
    await connections.close()
  }
}

describe('CRM attempts connect only to checked addresses', () => {
  it('connects to the address the checked lookup gave, not to one the name gives later', async () => {
    // First answer: where the receiver is (allowed here); any later answer would go elsewhere.
    const dns = rebinding([['127.0.0.1'], ['10.9.9.9']])
    const result = await attempt(
      withLoopbackListed(true, dns.resolve),
      `http://crm.rebind.test:${port}/hook`,
    )
    expect(result).toEqual({ statusCode: 200, error: null, refused: false })
    expect(hosts).toEqual([`crm.rebind.test:${port}`])
    expect(dns.lookups()).toBe(1)
  })

  it('refuses a name that resolves inward at delivery; the address goes to the log only', async () => {
    const dns = rebinding([['127.0.0.1']])
    const warnings: object[] = []
    const result = await attempt(
      withLoopbackListed(false, dns.resolve),
      `https://crm.rebind.test:${port}/hook`,
      { warn: (obj) => warnings.push(obj) },
    )
    expect(result).toEqual({
      statusCode: null,
      error:
        'crm.rebind.test resolves to a private address: CRM exports go only to public internet addresses',
      refused: true,
    })
    // Where it pointed is for the server's log only.
    expect(warnings).toEqual([{ target: 'webhook', host: 'crm.rebind.test', address: '127.0.0.1' }])
    expect(hosts).toEqual([])
  })

  it('plain http to a name that resolves to a public address is refused: https is needed', async () => {
    const dns = rebinding([['93.184.215.14']])
    const result = await attempt(
      withLoopbackListed(true, dns.resolve),
      `http://crm.public.test:${port}/hook`,
    )
    expect(result).toEqual({
      statusCode: null,
      error: 'The URL must start with https://',
      refused: true,
    })
    expect(hosts).toEqual([])
  })

  it('an unreachable receiver is an ordinary failure, said for a person', async () => {
    const result = await attempt(withLoopbackListed(true), 'http://127.0.0.1:9/hook')
    expect(result).toMatchObject({ statusCode: null, refused: false })
    expect(result.error).toMatch(/ECONNREFUSED/)
  })
})
