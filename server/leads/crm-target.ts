/**
 * Where CRM exports may go. The server POSTs to a URL a user typed, so without these rules a user
 * could make it reach this machine, the private network or the cloud metadata service (SSRF).
 * Checked when a webhook is saved, and again at delivery against the very addresses connected to
 * (checkedLookup), so a name that resolves elsewhere later (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import type { Config } from '../config.ts'

export interface TargetPolicy {
  /** Plain http refused: in production a CRM target must be https. */
  httpsOnly: boolean
  /** Loopback, private and link-local addresses allowed (tests, an intranet CRM). */
  allowPrivate: boolean
}

export function targetPolicy(config: Pick<Config, 'env' | 'crm'>): TargetPolicy {
  return { httpsOnly: config.env === 'production', allowPrivate: config.crm.allowPrivateTargets }
}

/** The same name resolved to every address, as the connection will see it. */
export type ResolveAll = (hostname: string, family?: number) => Promise<LookupAddress[]>

export const resolveAll: ResolveAll = (hostname, family = 0) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (error, addresses) => {
      if (error) reject(error)
      else resolve(addresses)
    })
  })

/** A delivery refused by these rules: no request was sent. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError'
}

type Range = [prefix: number[], bits: number, kind: string]

function v4(address: string, bits: number, kind: string): Range {
  return [address.split('.').map(Number), bits, kind]
}

// First match wins, so the narrow names come before the wide ranges holding them.
const IPV4_BLOCKED: Range[] = [
  v4('169.254.169.254', 32, 'the cloud metadata address'),
  v4('255.255.255.255', 32, 'the broadcast address'),
  v4('0.0.0.0', 8, 'an unspecified address'),
  v4('10.0.0.0', 8, 'a private address'),
  v4('100.64.0.0', 10, 'a carrier-grade NAT address'),
  v4('127.0.0.0', 8, 'a loopback address'),
  v4('169.254.0.0', 16, 'a link-local address'),
  v4('172.16.0.0', 12, 'a private address'),
  v4('192.0.0.0', 24, 'a reserved address'),
  v4('192.168.0.0', 16, 'a private address'),
  v4('198.18.0.0', 15, 'a reserved address'),
  v4('224.0.0.0', 4, 'a multicast address'),
  v4('240.0.0.0', 4, 'a reserved address'),
]

const IPV6_BLOCKED: Range[] = [
  [[], 128, 'an unspecified address'],
  [[...Array<number>(15).fill(0), 1], 128, 'a loopback address'],
  // The rest of ::/96 is the retired IPv4-compatible form.
  [[], 96, 'a reserved address'],
  [[0xfc], 7, 'a private address'],
  [[0xfe, 0x80], 10, 'a link-local address'],
  [[0xfe, 0xc0], 10, 'a private address'],
  [[0xff], 8, 'a multicast address'],
]

/** IPv6 forms that carry an IPv4 address, which is what gets reached: [prefix, bits, offset]. */
const IPV4_INSIDE_IPV6: [number[], number, number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 12], // ::ffff:a.b.c.d (IPv4-mapped)
  [[0, 0x64, 0xff, 0x9b], 96, 12], // 64:ff9b::a.b.c.d (NAT64)
  [[0x20, 0x02], 16, 2], // 2002:aabb:ccdd:: (6to4)
]

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const mask = 0x80 >> (bit % 8)
    const i = Math.floor(bit / 8)
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false
  }
  return true
}

function ipv6Bytes(address: string): number[] | undefined {
  let text = address.split('%')[0] ?? ''
  const tail: number[] = []
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted?.[1]) {
    tail.push(...dotted[1].split('.').map(Number))
    text = `${text.slice(0, dotted.index)}:0:0`
  }
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const groups = (half: string | undefined) => (half ? half.split(':') : [])
  const head = groups(halves[0])
  const rest = groups(halves[1])
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  const bytes = words.flatMap((word) => {
    const n = parseInt(word, 16)
    return [(n >> 8) & 0xff, n & 0xff]
  })
  if (tail.length) bytes.splice(12, 4, ...tail)
  return bytes
}

/**
 * What kind of address may not be a CRM target ("a private address"), or undefined when it is a
 * public one. Anything that is not an IP address is refused as such.
 */
export function blockedAddressKind(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '')
  const version = isIP(bare)
  if (version === 4) {
    const bytes = bare.split('.').map(Number)
    return IPV4_BLOCKED.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2]
  }
  if (version !== 6) return 'not an IP address'
  const bytes = ipv6Bytes(bare)
  if (!bytes) return 'not an IP address'
  for (const [prefix, bits, offset] of IPV4_INSIDE_IPV6) {
    if (inRange(bytes, prefix, bits)) {
      return blockedAddressKind(bytes.slice(offset, offset + 4).join('.'))
    }
  }
  return IPV6_BLOCKED.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2]
}

const PUBLIC_ONLY = 'CRM exports go only to public internet addresses'

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/**
 * What is wrong with a target before any lookup: not a URL, not https (production), credentials
 * in it, or an IP address that may not be reached. Undefined when it may go on to resolving.
 */
export function targetUrlProblem(url: string, policy: TargetPolicy): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Enter a full URL starting with https://'
  }
  const httpAllowed = !policy.httpsOnly && parsed.protocol === 'http:'
  if (parsed.protocol !== 'https:' && !httpAllowed) return 'The URL must start with https://'
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password'
  // WHATWG URL has already turned 0x7f.1, 2130706433 and the like into dotted IPv4.
  const host = hostOf(parsed)
  if (!policy.allowPrivate && isIP(host)) {
    const kind = blockedAddressKind(host)
    if (kind) return `${host} is ${kind}: ${PUBLIC_ONLY}`
  }
  return undefined
}

function resolvedProblem(host: string, addresses: LookupAddress[]): string | undefined {
  for (const { address } of addresses) {
    const kind = blockedAddressKind(address)
    if (kind) return `${host} resolves to ${address}, ${kind}: ${PUBLIC_ONLY}`
  }
  return undefined
}

/** How long saving waits for DNS; a slow resolver should not hold the request up. */
const SAVE_LOOKUP_TIMEOUT_MS = 5000

/**
 * The check on saving: the URL rules, then every address the host resolves to. A name that does
 * not resolve now (or not in time) is let through: it reaches nothing, and delivery checks again.
 */
export async function checkTarget(
  url: string,
  policy: TargetPolicy,
  resolve: ResolveAll = resolveAll,
): Promise<string | undefined> {
  const problem = targetUrlProblem(url, policy)
  if (problem || policy.allowPrivate) return problem
  const host = hostOf(new URL(url))
  if (isIP(host)) return undefined
  let timer: NodeJS.Timeout | undefined
  const slow = new Promise<undefined>((done) => {
    timer = setTimeout(() => {
      done(undefined)
    }, SAVE_LOOKUP_TIMEOUT_MS)
  })
  try {
    const addresses = await Promise.race([resolve(host), slow])
    return addresses && resolvedProblem(host, addresses)
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}

/**
 * A `lookup` for the connection: resolves once, refuses the connection if any address is not
 * allowed, and hands the socket only addresses it checked. IP literals never reach a lookup, so
 * targetUrlProblem must run first.
 */
export function checkedLookup(
  policy: TargetPolicy,
  resolve: ResolveAll = resolveAll,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(
      hostname,
      options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : options.family,
    )
      .then((addresses) => {
        const problem = policy.allowPrivate ? undefined : resolvedProblem(hostname, addresses)
        if (problem) throw new RefusedTargetError(problem)
        const [first] = addresses
        if (!first)
          throw Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' })
        return { addresses, first }
      })
      .then(
        ({ addresses, first }) => {
          // Outside the promise, so an exception in the socket's callback is not swallowed.
          process.nextTick(() => {
            if (options.all) callback(null, addresses)
            else callback(null, first.address, first.family)
          })
        },
        (error: unknown) => {
          process.nextTick(() => {
            callback(error as NodeJS.ErrnoException, '', 0)
          })
        },
      )
  }
}
