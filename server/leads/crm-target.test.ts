import type { LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import {
  RefusedTargetError,
  blockedAddressKind,
  checkTarget,
  checkedLookup,
  targetPolicy,
  targetUrlProblem,
  type ResolveAll,
  type TargetPolicy,
} from './crm-target.ts'

const shipped: TargetPolicy = { httpsOnly: true, allowPrivate: false }
const tests: TargetPolicy = { httpsOnly: false, allowPrivate: true }

/** A resolver that knows a few names; anything else does not exist. */
function fakeDns(names: Record<string, string[]>): ResolveAll {
  return (hostname) => {
    const addresses = names[hostname]
    if (!addresses) {
      return Promise.reject(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
          code: 'ENOTFOUND',
        }),
      )
    }
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    )
  }
}

describe('blockedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.0.1', 'a private address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.127.255.255', 'a carrier-grade NAT address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['169.254.0.1', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.251', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456:789a::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata address'],
    ['64:ff9b::10.0.0.1', 'a private address'],
    ['2002:c0a8:0101::1', 'a private address'],
    ['::127.0.0.1', 'a reserved address'],
    ['example.com', 'not an IP address'],
  ])('%s is %s', (address, kind) => {
    expect(blockedAddressKind(address)).toBe(kind)
  })

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:0808:0808::1',
  ])('%s is public', (address) => {
    expect(blockedAddressKind(address)).toBeUndefined()
  })
})

describe('targetUrlProblem', () => {
  it('asks for a full https URL without credentials', () => {
    expect(targetUrlProblem('crm.example.com/hook', shipped)).toBe(
      'Enter a full URL starting with https://',
    )
    expect(targetUrlProblem('http://crm.example.com/hook', shipped)).toBe(
      'The URL must start with https://',
    )
    expect(targetUrlProblem('ftp://crm.example.com', tests)).toBe(
      'The URL must start with https://',
    )
    expect(targetUrlProblem('file:///etc/passwd', tests)).toBe('The URL must start with https://')
    expect(targetUrlProblem('https://u:p@crm.example.com/', shipped)).toBe(
      'The URL must not contain a user name or password',
    )
    expect(targetUrlProblem('https://crm.example.com/hook', shipped)).toBeUndefined()
    expect(targetUrlProblem('http://crm.example.com/hook', tests)).toBeUndefined()
  })

  it('refuses inward addresses unless private targets are allowed', () => {
    expect(targetUrlProblem('https://127.0.0.1:8080/x', shipped)).toBe(
      '127.0.0.1 is a loopback address: CRM exports go only to public internet addresses',
    )
    expect(targetUrlProblem('https://[::ffff:10.0.0.1]/x', shipped)).toMatch(
      /^::ffff:a00:1 is a private address/,
    )
    expect(targetUrlProblem('https://127.0.0.1:8080/x', tests)).toBeUndefined()
    expect(targetUrlProblem('https://8.8.8.8/x', shipped)).toBeUndefined()
  })
})

describe('checkTarget (on saving)', () => {
  const dns = fakeDns({
    'api.followupboss.com': ['52.1.2.3'],
    'crm.example.com': ['93.184.215.14'],
    'inward.example.com': ['93.184.215.14', '10.0.0.7'],
    'metadata.example.com': ['169.254.169.254'],
  })

  it('refuses a name when any of its addresses is inward', async () => {
    expect(await checkTarget('https://inward.example.com/x', shipped, dns)).toBe(
      'inward.example.com resolves to 10.0.0.7, a private address: CRM exports go only to public internet addresses',
    )
    expect(await checkTarget('https://metadata.example.com/x', shipped, dns)).toMatch(
      /the cloud metadata address/,
    )
    expect(await checkTarget('https://inward.example.com/x', tests, dns)).toBeUndefined()
  })

  it('lets public names through, Follow Up Boss’s own among them', async () => {
    expect(
      await checkTarget('https://api.followupboss.com/v1/events', shipped, dns),
    ).toBeUndefined()
    expect(await checkTarget('https://crm.example.com/x', shipped, dns)).toBeUndefined()
    // Not resolvable now: nothing to reach; delivery checks it again.
    expect(await checkTarget('https://nowhere.example.com/x', shipped, dns)).toBeUndefined()
  })

  it('resolves localhost through the system, as the connection would', async () => {
    expect(await checkTarget('https://localhost/x', shipped)).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    )
  })
})

describe('checkedLookup (at connection time)', () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number }
  const lookup = (policy: TargetPolicy, dns: ResolveAll, hostname: string, all: boolean) =>
    new Promise<Answer>((resolve) => {
      checkedLookup(policy, dns)(hostname, { all }, (error, address, family) => {
        resolve({ error, address, family })
      })
    })
  const dns = fakeDns({
    'crm.example.com': ['93.184.215.14', '2606:2800:220:1::1'],
    'rebound.example.com': ['93.184.215.14', '127.0.0.1'],
  })

  it('hands the socket the checked addresses, one or all as asked', async () => {
    expect(await lookup(shipped, dns, 'crm.example.com', false)).toEqual({
      error: null,
      address: '93.184.215.14',
      family: 4,
    })
    const all = await lookup(shipped, dns, 'crm.example.com', true)
    expect(all.address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ])
  })

  it('refuses the connection when any address is inward', async () => {
    const answer = await lookup(shipped, dns, 'rebound.example.com', true)
    expect(answer.error).toBeInstanceOf(RefusedTargetError)
    expect(answer.error?.message).toBe(
      'rebound.example.com resolves to 127.0.0.1, a loopback address: CRM exports go only to public internet addresses',
    )
    expect((await lookup(tests, dns, 'rebound.example.com', false)).error).toBeNull()
  })

  it('passes resolver failures on', async () => {
    const answer = await lookup(shipped, dns, 'nowhere.example.com', false)
    expect(answer.error?.code).toBe('ENOTFOUND')
  })
})

describe('the settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/lb-crm-target' }

  it('refuse private targets and use Follow Up Boss itself by default', () => {
    const config = loadConfig(base)
    expect(config.crm).toEqual({
      allowPrivateTargets: false,
      followUpBossApiUrl: 'https://api.followupboss.com/v1',
    })
    expect(targetPolicy(config)).toEqual({ httpsOnly: false, allowPrivate: false })
  })

  it('read the switch and the URL', () => {
    const config = loadConfig({
      ...base,
      CRM_ALLOW_PRIVATE_TARGETS: 'true',
      FOLLOW_UP_BOSS_API_URL: 'http://127.0.0.1:9000/v1/',
    })
    expect(config.crm).toEqual({
      allowPrivateTargets: true,
      followUpBossApiUrl: 'http://127.0.0.1:9000/v1',
    })
    expect(() => loadConfig({ ...base, CRM_ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(
      /CRM_ALLOW_PRIVATE_TARGETS/,
    )
    expect(() => loadConfig({ ...base, FOLLOW_UP_BOSS_API_URL: 'ftp://fub.example.com' })).toThrow(
      /FOLLOW_UP_BOSS_API_URL/,
    )
  })

  it('make production https-only', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })
    expect(targetPolicy(config)).toEqual({ httpsOnly: true, allowPrivate: false })
  })
})
