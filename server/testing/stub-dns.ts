import type { LookupAddress } from 'node:dns'
import type { ResolveAll } from '../net/resolve-host.ts'

/** What the test app's names resolve to unless a test says otherwise. */
export const TEST_HOSTS: Readonly<Record<string, readonly string[]>> = {
  localhost: ['127.0.0.1', '::1'],
}

/**
 * A resolver that knows only the names given (as the system's would answer them, every family
 * or the one asked for); any other name does not exist (ENOTFOUND). Tests never ask real DNS.
 */
export function stubResolver(
  names: Readonly<Record<string, readonly string[]>> = TEST_HOSTS,
): ResolveAll {
  return (hostname, family = 0) => {
    const addresses = names[hostname.toLowerCase()]
    if (!addresses) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
        hostname,
      })
      return Promise.reject(error)
    }
    const all = addresses.map((address): LookupAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }))
    return Promise.resolve(family ? all.filter((a) => a.family === family) : all)
  }
}

/** A resolver that never answers, for the time limits around it. */
export const silentResolver: ResolveAll = () => new Promise<never>(() => undefined)
