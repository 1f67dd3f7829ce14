import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import { parseCidr, type CidrRange } from '../net/ip-address.ts'
import { systemResolveAll, type ResolveAll } from '../net/resolve-host.ts'
import { silentResolver, stubResolver } from '../testing/stub-dns.ts'
import { blockedAddressKind, reachOf, type TargetPolicy } from './crm-address-reach.ts'
import {
  RefusedTargetError,
  SAVE_LOOKUP_TIMEOUT_MS,
  checkTarget,
  checkedLookup,
  targetPolicy,
  targetUrlProblem,
} from './crm-target.ts'

/** CRM_PRIVATE_TARGETS as a policy. */
function listing(...ranges: string[]): TargetPolicy {
  return {
    privateRanges: ranges.map((text) => {
      const range = parseCidr(text)
      if (typeof range === 'string') throw new Error(range)
      return range
    }),
  }
}

const shipped = listing()
const tests = listing('127.0.0.0/8', '::1/128')
const intranet = listing('10.20.0.0/16', 'fd00:20::/32')

/** A resolver that knows a few names; anything else does not exist. */
const fakeDns = (names: Record<string, string[]>): ResolveAll => stubResolver(names)

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

describe('reachOf', () => {
  it('lets public addresses through and private ones only inside a listed range', () => {
    expect(reachOf('8.8.8.8', shipped)).toEqual({ reach: 'public' })
    expect(reachOf('10.20.3.4', shipped)).toEqual({ reach: 'refused', kind: 'a private address' })
    expect(reachOf('10.20.3.4', intranet)).toEqual({ reach: 'listed' })
    expect(reachOf('10.21.0.1', intranet)).toEqual({ reach: 'refused', kind: 'a private address' })
    expect(reachOf('fd00:20::7', intranet)).toEqual({ reach: 'listed' })
    expect(reachOf('fd00:21::7', intranet).reach).toBe('refused')
    // An IPv4 address carried in IPv6 is judged as the IPv4 address it reaches.
    expect(reachOf('::ffff:10.20.0.9', intranet)).toEqual({ reach: 'listed' })
    expect(reachOf('8.8.8.8', intranet)).toEqual({ reach: 'public' })
  })

  it('never reaches link-local (the metadata service) or unspecified addresses, even listed', () => {
    const everything = listing('0.0.0.0/0', '::/0')
    const wrongly = listing('169.254.0.0/16', '0.0.0.0/8', 'fe80::/10', '::/128')
    for (const policy of [everything, wrongly]) {
      for (const address of [
        '169.254.169.254',
        '169.254.10.10',
        '0.0.0.0',
        '::',
        'fe80::1',
        '::ffff:169.254.169.254',
        '::ffff:0.0.0.0',
      ]) {
        expect(reachOf(address, policy).reach, address).toBe('refused')
      }
    }
    // A wide range does open the private network: the operator listed it.
    expect(reachOf('10.9.9.9', everything)).toEqual({ reach: 'listed' })
  })

  it('reaches loopback only through a listed loopback range', () => {
    const wide = listing('0.0.0.0/0', '::/0', '96.0.0.0/3')
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(reachOf(address, wide), address).toEqual({
        reach: 'refused',
        kind: 'a loopback address',
      })
      expect(reachOf(address, tests), address).toEqual({ reach: 'listed' })
    }
    expect(reachOf('127.0.0.2', listing('127.0.0.1/32'))).toEqual({
      reach: 'refused',
      kind: 'a loopback address',
    })
    expect(reachOf('127.0.0.1', listing('127.0.0.1/32'))).toEqual({ reach: 'listed' })
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
  })

  it('takes plain http only to a listed private address, whatever NODE_ENV says', () => {
    expect(targetUrlProblem('http://8.8.8.8/hook', tests)).toBe('The URL must start with https://')
    expect(targetUrlProblem('http://127.0.0.1:8080/hook', tests)).toBeUndefined()
    expect(targetUrlProblem('http://10.20.0.5/hook', intranet)).toBeUndefined()
    expect(targetUrlProblem('http://10.20.0.5/hook', shipped)).toMatch(/^10\.20\.0\.5 is a private/)
    // A name may resolve into a listed range: that is for the lookup to say.
    expect(targetUrlProblem('http://crm.intranet/hook', intranet)).toBeUndefined()
    expect(targetUrlProblem('http://crm.intranet/hook', shipped)).toBe(
      'The URL must start with https://',
    )
  })

  it('refuses inward addresses unless listed, naming the kind of the address typed', () => {
    expect(targetUrlProblem('https://127.0.0.1:8080/x', shipped)).toBe(
      '127.0.0.1 is a loopback address: CRM exports go only to public internet addresses',
    )
    expect(targetUrlProblem('https://[::ffff:10.0.0.1]/x', shipped)).toMatch(
      /^::ffff:a00:1 is a private address/,
    )
    expect(targetUrlProblem('https://127.0.0.1:8080/x', tests)).toBeUndefined()
    expect(targetUrlProblem('https://8.8.8.8/x', shipped)).toBeUndefined()
    expect(targetUrlProblem('https://169.254.169.254/x', listing('0.0.0.0/0'))).toMatch(
      /the cloud metadata address/,
    )
  })
})

describe('checkTarget (on saving)', () => {
  const dns = fakeDns({
    'api.followupboss.com': ['52.1.2.3'],
    'crm.example.com': ['93.184.215.14'],
    'inward.example.com': ['93.184.215.14', '10.0.0.7'],
    'metadata.example.com': ['169.254.169.254'],
    'crm.intranet': ['10.20.0.8'],
  })

  it('refuses a name when any of its addresses is inward, without saying the address', async () => {
    expect(await checkTarget('https://inward.example.com/x', shipped, dns)).toEqual({
      message:
        'inward.example.com resolves to a private address: CRM exports go only to public internet addresses',
      address: '10.0.0.7',
    })
    const metadata = await checkTarget('https://metadata.example.com/x', intranet, dns)
    expect(metadata?.message).toBe(
      'metadata.example.com resolves to a private address: CRM exports go only to public internet addresses',
    )
    expect(metadata?.message).not.toContain('169.254')
    expect(metadata?.address).toBe('169.254.169.254')
    expect(await checkTarget('https://crm.intranet/x', intranet, dns)).toBeUndefined()
    expect(await checkTarget('https://crm.intranet/x', shipped, dns)).toMatchObject({
      address: '10.20.0.8',
    })
  })

  it('lets public names through, Follow Up Boss’s own among them', async () => {
    expect(
      await checkTarget('https://api.followupboss.com/v1/events', shipped, dns),
    ).toBeUndefined()
    expect(await checkTarget('https://crm.example.com/x', shipped, dns)).toBeUndefined()
    // Not resolvable now: nothing to reach; delivery checks it again.
    expect(await checkTarget('https://nowhere.example.com/x', shipped, dns)).toBeUndefined()
  })

  it('takes plain http to a name only when it resolves into a listed range', async () => {
    expect(await checkTarget('http://crm.intranet/x', intranet, dns)).toBeUndefined()
    expect(await checkTarget('http://crm.example.com/x', intranet, dns)).toEqual({
      message: 'The URL must start with https://',
      address: '93.184.215.14',
    })
    // Not known to be private: refused.
    expect(await checkTarget('http://nowhere.intranet/x', intranet, dns)).toEqual({
      message: 'The URL must start with https://',
    })
  })

  it('resolves localhost through the system, as the connection would', async () => {
    const refusal = await checkTarget('https://localhost/x', shipped, systemResolveAll)
    expect(refusal?.message).toBe(
      'localhost resolves to a private address: CRM exports go only to public internet addresses',
    )
    expect(refusal?.address).toMatch(/^(127\.0\.0\.1|::1)$/)
  })

  describe('a resolver that does not answer', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it(`is given up after ${SAVE_LOOKUP_TIMEOUT_MS / 1000} s: https is let through, http refused`, async () => {
      vi.useFakeTimers()
      let settled = false
      const https = checkTarget('https://slow.example.com/x', shipped, silentResolver).then(
        (answer) => {
          settled = true
          return answer
        },
      )
      await vi.advanceTimersByTimeAsync(SAVE_LOOKUP_TIMEOUT_MS - 1)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(settled).toBe(true)
      expect(await https).toBeUndefined()

      const http = checkTarget('http://slow.intranet/x', intranet, silentResolver)
      await vi.advanceTimersByTimeAsync(SAVE_LOOKUP_TIMEOUT_MS)
      expect(await http).toEqual({ message: 'The URL must start with https://' })
      expect(vi.getTimerCount()).toBe(0)
    })
  })
})

describe('checkedLookup (at connection time)', () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number }
  const lookup = (
    policy: TargetPolicy,
    dns: ResolveAll,
    hostname: string,
    all: boolean,
    plainHttp = false,
  ) =>
    new Promise<Answer>((resolve) => {
      checkedLookup(policy, dns, { plainHttp })(hostname, { all }, (error, address, family) => {
        resolve({ error, address, family })
      })
    })
  const dns = fakeDns({
    'crm.example.com': ['93.184.215.14', '2606:2800:220:1::1'],
    'rebound.example.com': ['93.184.215.14', '127.0.0.1'],
    'crm.intranet': ['10.20.0.8'],
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

  it('refuses the connection when any address is inward, naming the host only', async () => {
    const answer = await lookup(shipped, dns, 'rebound.example.com', true)
    expect(answer.error).toBeInstanceOf(RefusedTargetError)
    expect(answer.error?.message).toBe(
      'rebound.example.com resolves to a private address: CRM exports go only to public internet addresses',
    )
    expect((answer.error as RefusedTargetError).address).toBe('127.0.0.1')
    expect((await lookup(tests, dns, 'rebound.example.com', false)).error).toBeNull()
  })

  it('over plain http connects only to listed private addresses', async () => {
    expect((await lookup(intranet, dns, 'crm.intranet', false, true)).error).toBeNull()
    const outside = await lookup(intranet, dns, 'crm.example.com', false, true)
    expect(outside.error).toBeInstanceOf(RefusedTargetError)
    expect(outside.error?.message).toBe('The URL must start with https://')
  })

  it('passes resolver failures on', async () => {
    const answer = await lookup(shipped, dns, 'nowhere.example.com', false)
    expect(answer.error?.code).toBe('ENOTFOUND')
  })
})

describe('the settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/lb-crm-target' }
  const ranges = (config: { crm: { privateTargets: CidrRange[] } }) =>
    config.crm.privateTargets.map((r) => r.text)

  it('list no private ranges and use Follow Up Boss itself by default', () => {
    const config = loadConfig(base)
    expect(config.crm).toEqual({
      privateTargets: [],
      followUpBossApiUrl: 'https://api.followupboss.com/v1',
    })
    expect(targetPolicy(config)).toEqual({ privateRanges: [] })
    // Production or not, the rules are the same.
    const production = loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })
    expect(targetPolicy(production)).toEqual({ privateRanges: [] })
  })

  it('read the ranges and the URL', () => {
    const config = loadConfig({
      ...base,
      CRM_PRIVATE_TARGETS: ' 10.20.0.0/16, 192.168.1.0/24,127.0.0.0/8 ,::1/128,FD00:0020::/32',
      FOLLOW_UP_BOSS_API_URL: 'http://127.0.0.1:9000/v1/',
    })
    expect(ranges(config)).toEqual([
      '10.20.0.0/16',
      '192.168.1.0/24',
      '127.0.0.0/8',
      '::1/128',
      'fd00:20::/32',
    ])
    expect(config.crm.followUpBossApiUrl).toBe('http://127.0.0.1:9000/v1')
    expect(() => loadConfig({ ...base, FOLLOW_UP_BOSS_API_URL: 'ftp://fub.example.com' })).toThrow(
      /FOLLOW_UP_BOSS_API_URL/,
    )
  })

  it.each([
    ['true', /CRM_PRIVATE_TARGETS: "true" is not a range such as 10\.20\.0\.0\/16/],
    ['10.20.0.0', /"10\.20\.0\.0" is not a range/],
    ['intranet.example/24', /"intranet\.example\/24" does not start with an IP address/],
    ['10.20.0.0/33', /an IPv4 prefix is at most \/32/],
    ['fd00::/129', /an IPv6 prefix is at most \/128/],
    ['10.20.1.0/16', /has bits set past \/16; did you mean 10\.20\.0\.0\/16\?/],
    ['169.254.0.0/16', /169\.254\.0\.0\/16: CRM exports never reach link-local addresses/],
    ['169.254.169.254/32', /never reach cloud metadata addresses/],
    ['fe80::/64', /never reach link-local addresses/],
    ['0.0.0.0/8', /never reach unspecified addresses/],
    ['::ffff:10.0.0.0/104', /carries IPv4 addresses; list the IPv4 range instead/],
  ])('refuse %s with a clear message', (value, message) => {
    const load = () => loadConfig({ ...base, CRM_PRIVATE_TARGETS: value })
    expect(load).toThrow(ConfigError)
    expect(load).toThrow(message)
  })

  it('name every bad range at once', () => {
    expect(() => loadConfig({ ...base, CRM_PRIVATE_TARGETS: '10.0.0.0/8,bad,fe80::/10' })).toThrow(
      /CRM_PRIVATE_TARGETS: "bad"[^]*CRM_PRIVATE_TARGETS: fe80::\/10/,
    )
  })
})
