import { lookup as dnsLookup, type LookupAddress } from 'node:dns'

/**
 * A name resolved to every address, as a connection will see it (getaddrinfo, so /etc/hosts
 * counts). The app context holds one (`ctx.resolveHost`): the system's, or a test's stub.
 */
export type ResolveAll = (hostname: string, family?: number) => Promise<LookupAddress[]>

export const systemResolveAll: ResolveAll = (hostname, family = 0) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (error, addresses) => {
      if (error) reject(error)
      else resolve(addresses)
    })
  })
