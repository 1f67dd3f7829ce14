/**
 * Where CRM exports may go. The server POSTs to a URL a user typed, so without these rules a user
 * could make it reach this machine, the private network or the cloud metadata service (SSRF).
 * Checked when a webhook is saved, and again at delivery against the very addresses connected to
 * (checkedLookup), so a name that resolves elsewhere later (DNS rebinding) is still refused.
 *
 * Which addresses may be reached is crm-address-reach.ts's rule. Plain http goes only to a listed
 * private address; everything else must be https.
 */
import type { LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import type { Config } from '../config.ts'
import type { ResolveAll } from '../net/resolve-host.ts'
import { reachOf, type TargetPolicy } from './crm-address-reach.ts'

export function targetPolicy(config: Pick<Config, 'crm'>): TargetPolicy {
  return { privateRanges: config.crm.privateTargets }
}

/**
 * A target that may not be reached: `message` is for the user and names no resolved address;
 * `address` is what the name resolved to, for the server's log only.
 */
export interface TargetRefusal {
  message: string
  address?: string
}

/** A delivery refused by these rules: no request was sent. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError'
  /** What the name resolved to: for the server's log, never for the user. */
  readonly address: string | undefined
  constructor(refusal: TargetRefusal) {
    super(refusal.message)
    this.address = refusal.address
  }
}

const PUBLIC_ONLY = 'CRM exports go only to public internet addresses'
const HTTPS_ONLY = 'The URL must start with https://'

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '')
}

/**
 * What is wrong with a target before any lookup: not a URL, not http(s), credentials in it, an
 * IP address that may not be reached, or plain http where it may not go. Undefined when it may
 * go on to resolving.
 */
export function targetUrlProblem(url: string, policy: TargetPolicy): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Enter a full URL starting with https://'
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return HTTPS_ONLY
  if (parsed.username || parsed.password) return 'The URL must not contain a user name or password'
  const plainHttp = parsed.protocol === 'http:'
  // WHATWG URL has already turned 0x7f.1, 2130706433 and the like into dotted IPv4.
  const host = hostOf(parsed)
  if (isIP(host)) {
    // The user's own input: naming its kind tells them nothing they did not type.
    const where = reachOf(host, policy)
    if (where.reach === 'refused') return `${host} is ${where.kind}: ${PUBLIC_ONLY}`
    if (plainHttp && where.reach !== 'listed') return HTTPS_ONLY
    return undefined
  }
  // A name may still resolve inside a listed range; without any, plain http goes nowhere.
  if (plainHttp && policy.privateRanges.length === 0) return HTTPS_ONLY
  return undefined
}

/**
 * The first address of `host` that may not be reached (over plain http: any that is not inside
 * a listed range). The user is told the name only; the address is for the server's log.
 */
function resolvedRefusal(
  host: string,
  addresses: readonly LookupAddress[],
  policy: TargetPolicy,
  plainHttp: boolean,
): TargetRefusal | undefined {
  for (const { address } of addresses) {
    const where = reachOf(address, policy)
    if (where.reach === 'refused') {
      return { message: `${host} resolves to a private address: ${PUBLIC_ONLY}`, address }
    }
    if (plainHttp && where.reach === 'public') return { message: HTTPS_ONLY, address }
  }
  return undefined
}

/** How long saving waits for DNS; a slow resolver should not hold the request up. */
export const SAVE_LOOKUP_TIMEOUT_MS = 5000

/**
 * The check on saving: the URL rules, then every address the host resolves to. Over https, a
 * name that does not resolve now (or not in time) is let through: it reaches nothing, and
 * delivery checks again. Over plain http it is refused, since it is not known to be private.
 */
export async function checkTarget(
  url: string,
  policy: TargetPolicy,
  resolve: ResolveAll,
): Promise<TargetRefusal | undefined> {
  const problem = targetUrlProblem(url, policy)
  if (problem) return { message: problem }
  const parsed = new URL(url)
  const host = hostOf(parsed)
  if (isIP(host)) return undefined
  const plainHttp = parsed.protocol === 'http:'
  let timer: NodeJS.Timeout | undefined
  const slow = new Promise<undefined>((done) => {
    timer = setTimeout(() => {
      done(undefined)
    }, SAVE_LOOKUP_TIMEOUT_MS)
  })
  let addresses: LookupAddress[] | undefined
  try {
    addresses = await Promise.race([resolve(host), slow])
  } catch {
    addresses = undefined
  } finally {
    clearTimeout(timer)
  }
  if (!addresses) return plainHttp ? { message: HTTPS_ONLY } : undefined
  return resolvedRefusal(host, addresses, policy, plainHttp)
}

/**
 * A `lookup` for the connection: resolves once, refuses the connection if any address may not be
 * reached (over plain http, any outside a listed range), and hands the socket only addresses it
 * checked. IP literals never reach a lookup, so targetUrlProblem must run first.
 */
export function checkedLookup(
  policy: TargetPolicy,
  resolve: ResolveAll,
  options: { plainHttp: boolean },
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family
    resolve(hostname, family === 'IPv6' ? 6 : family === 'IPv4' ? 4 : family)
      .then((addresses) => {
        const refusal = resolvedRefusal(hostname, addresses, policy, options.plainHttp)
        if (refusal) throw new RefusedTargetError(refusal)
        const [first] = addresses
        if (!first)
          throw Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' })
        return { addresses, first }
      })
      .then(
        ({ addresses, first }) => {
          // Outside the promise, so an exception in the socket's callback is not swallowed.
          process.nextTick(() => {
            if (lookupOptions.all) callback(null, addresses)
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
