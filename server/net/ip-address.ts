/**
 * IP addresses as bytes, the ranges they fall in, and CIDR ranges an operator writes
 * (CRM_PRIVATE_TARGETS). Pure functions: what may be reached is decided in
 * server/leads/crm-target.ts.
 */
import { isIP } from 'node:net'

/** An address, or the start of a range, as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpBytes {
  family: 4 | 6
  bytes: number[]
}

/** A range such as 10.20.0.0/16 or fd00::/8. */
export interface CidrRange extends IpBytes {
  bits: number
  /** As written in the setting, normalised: `10.20.0.0/16`. */
  text: string
}

/** Whether the first `bits` bits of `bytes` are those of `prefix`. */
export function inPrefix(
  bytes: readonly number[],
  prefix: readonly number[],
  bits: number,
): boolean {
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

/** An IP address (IPv6 with or without brackets or zone) as bytes; undefined for anything else. */
export function ipBytes(address: string): IpBytes | undefined {
  const bare = address.replace(/^\[|\]$/g, '')
  const version = isIP(bare)
  if (version === 4) return { family: 4, bytes: bare.split('.').map(Number) }
  if (version !== 6) return undefined
  const bytes = ipv6Bytes(bare)
  return bytes ? { family: 6, bytes } : undefined
}

/** IPv6 forms that carry an IPv4 address, which is what gets reached: [prefix, bits, offset]. */
const IPV4_INSIDE_IPV6: [number[], number, number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 12], // ::ffff:a.b.c.d (IPv4-mapped)
  [[0, 0x64, 0xff, 0x9b], 96, 12], // 64:ff9b::a.b.c.d (NAT64)
  [[0x20, 0x02], 16, 2], // 2002:aabb:ccdd:: (6to4)
]

/**
 * The address a connection reaches: an IPv4 address carried inside IPv6 (mapped, NAT64, 6to4)
 * is that IPv4 address.
 */
export function reachedAddress(ip: IpBytes): IpBytes {
  if (ip.family === 6) {
    for (const [prefix, bits, offset] of IPV4_INSIDE_IPV6) {
      if (inPrefix(ip.bytes, prefix, bits)) {
        return { family: 4, bytes: ip.bytes.slice(offset, offset + 4) }
      }
    }
  }
  return ip
}

/** Whether `ip` is inside `range` (same family only). */
export function inRange(ip: IpBytes, range: IpBytes & { bits: number }): boolean {
  return ip.family === range.family && inPrefix(ip.bytes, range.bytes, range.bits)
}

/** Whether all of `inner` lies inside `outer`. */
export function rangeWithin(
  inner: IpBytes & { bits: number },
  outer: IpBytes & { bits: number },
): boolean {
  return inner.family === outer.family && inner.bits >= outer.bits && inRange(inner, outer)
}

/** Whether a range starts inside one of the IPv6 forms that carry IPv4 (write IPv4 instead). */
export function carriesIpv4(range: CidrRange): boolean {
  return (
    range.family === 6 &&
    IPV4_INSIDE_IPV6.some(
      ([prefix, bits]) => range.bits >= bits && inPrefix(range.bytes, prefix, bits),
    )
  )
}

function formatBytes(ip: IpBytes): string {
  if (ip.family === 4) return ip.bytes.join('.')
  const words = Array.from({ length: 8 }, (_, i) =>
    (((ip.bytes[2 * i] ?? 0) << 8) | (ip.bytes[2 * i + 1] ?? 0)).toString(16),
  )
  return words.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')
}

/**
 * `10.20.0.0/16` or `fd00::/8` as a range, or what is wrong with it. The prefix length is
 * required and the address must be the range's first one (`10.20.1.0/16` is refused as a likely
 * typo), as Python's ipaddress does strictly.
 */
export function parseCidr(text: string): CidrRange | string {
  const match = /^([^/\s]+)\/(\d{1,3})$/.exec(text.trim())
  if (!match?.[1] || !match[2]) return `"${text}" is not a range such as 10.20.0.0/16`
  const ip = ipBytes(match[1])
  if (!ip || match[1].includes('%') || match[1].startsWith('[')) {
    return `"${text}" does not start with an IP address`
  }
  const bits = Number(match[2])
  const max = ip.family === 4 ? 32 : 128
  if (bits > max) return `"${text}": an IPv${ip.family} prefix is at most /${max}`
  const start = ip.bytes.map((byte, i) => {
    const kept = Math.min(8, Math.max(0, bits - i * 8))
    return byte & ((0xff << (8 - kept)) & 0xff)
  })
  if (start.some((byte, i) => byte !== ip.bytes[i])) {
    const first = formatBytes({ family: ip.family, bytes: start })
    return `"${text}" has bits set past /${bits}; did you mean ${first}/${bits}?`
  }
  return { ...ip, bits, text: `${formatBytes(ip)}/${bits}` }
}
