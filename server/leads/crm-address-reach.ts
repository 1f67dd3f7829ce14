/**
 * Where an address stands for CRM exports. An address may be reached when it is public, or when
 * it is inside a range the operator listed in CRM_PRIVATE_TARGETS (an intranet CRM, tests'
 * receivers). Link-local (the metadata service among them) and unspecified addresses are refused
 * even when listed; loopback only through a listed range that is itself loopback (`127.0.0.0/8`,
 * `::1/128`), never through a wider one. crm-target.ts applies this to URLs and lookups.
 */
import {
  inPrefix,
  inRange,
  ipBytes,
  rangeWithin,
  reachedAddress,
  type CidrRange,
  type IpBytes,
} from '../net/ip-address.ts'

export interface TargetPolicy {
  /** Private ranges that may be reached besides the public internet (CRM_PRIVATE_TARGETS). */
  privateRanges: readonly CidrRange[]
}

interface Block {
  prefix: number[]
  bits: number
  kind: string
  /** Refused even inside a listed range. */
  never?: true
  /** Reached only through a listed range inside this block. */
  loopback?: true
}

function v4(address: string, bits: number, kind: string, flags: Partial<Block> = {}): Block {
  return { prefix: address.split('.').map(Number), bits, kind, ...flags }
}

// First match wins, so the narrow names come before the wide ranges holding them.
const IPV4_BLOCKED: Block[] = [
  v4('169.254.169.254', 32, 'the cloud metadata address', { never: true }),
  v4('255.255.255.255', 32, 'the broadcast address'),
  v4('0.0.0.0', 8, 'an unspecified address', { never: true }),
  v4('10.0.0.0', 8, 'a private address'),
  v4('100.64.0.0', 10, 'a carrier-grade NAT address'),
  v4('127.0.0.0', 8, 'a loopback address', { loopback: true }),
  v4('169.254.0.0', 16, 'a link-local address', { never: true }),
  v4('172.16.0.0', 12, 'a private address'),
  v4('192.0.0.0', 24, 'a reserved address'),
  v4('192.168.0.0', 16, 'a private address'),
  v4('198.18.0.0', 15, 'a reserved address'),
  v4('224.0.0.0', 4, 'a multicast address'),
  v4('240.0.0.0', 4, 'a reserved address'),
]

const IPV6_BLOCKED: Block[] = [
  { prefix: [], bits: 128, kind: 'an unspecified address', never: true },
  {
    prefix: [...Array<number>(15).fill(0), 1],
    bits: 128,
    kind: 'a loopback address',
    loopback: true,
  },
  // The rest of ::/96 is the retired IPv4-compatible form.
  { prefix: [], bits: 96, kind: 'a reserved address' },
  { prefix: [0xfc], bits: 7, kind: 'a private address' },
  { prefix: [0xfe, 0x80], bits: 10, kind: 'a link-local address', never: true },
  { prefix: [0xfe, 0xc0], bits: 10, kind: 'a private address' },
  { prefix: [0xff], bits: 8, kind: 'a multicast address' },
]

function blockOf(ip: IpBytes): Block | undefined {
  const blocks = ip.family === 4 ? IPV4_BLOCKED : IPV6_BLOCKED
  return blocks.find((b) => inPrefix(ip.bytes, b.prefix, b.bits))
}

/**
 * What kind of address may not be a CRM target unless listed ("a private address"), or undefined
 * when it is a public one. Anything that is not an IP address is refused as such.
 */
export function blockedAddressKind(address: string): string | undefined {
  const ip = ipBytes(address)
  if (!ip) return 'not an IP address'
  return blockOf(reachedAddress(ip))?.kind
}

/**
 * Why a listed range could never let anything through (it lies inside link-local or unspecified
 * space), for the settings' check; undefined when it is a useful range.
 */
export function uselessRangeKind(range: CidrRange): string | undefined {
  const blocks = range.family === 4 ? IPV4_BLOCKED : IPV6_BLOCKED
  return blocks.find(
    (b) => b.never && rangeWithin(range, { family: range.family, bytes: b.prefix, bits: b.bits }),
  )?.kind
}

/**
 * Where an address stands: `public`; `listed` (a private address inside CRM_PRIVATE_TARGETS,
 * which plain http may reach too); or `refused` with its kind.
 */
export type Reach = { reach: 'public' } | { reach: 'listed' } | { reach: 'refused'; kind: string }

export function reachOf(address: string, policy: TargetPolicy): Reach {
  const parsed = ipBytes(address)
  if (!parsed) return { reach: 'refused', kind: 'not an IP address' }
  const ip = reachedAddress(parsed)
  const block = blockOf(ip)
  if (!block) return { reach: 'public' }
  if (block.never) return { reach: 'refused', kind: block.kind }
  const area = { family: ip.family, bytes: block.prefix, bits: block.bits }
  const listed = policy.privateRanges.some(
    (range) => inRange(ip, range) && (!block.loopback || rangeWithin(range, area)),
  )
  return listed ? { reach: 'listed' } : { reach: 'refused', kind: block.kind }
}
