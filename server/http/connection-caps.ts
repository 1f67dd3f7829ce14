/**
 * Caps on open connections: per client address, so one client cannot hold every file descriptor
 * while others are served, and in all, so the process keeps descriptors for its database and files
 * (docs/operations.md#slow-clients-and-connection-caps).
 */
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type { ConnectionConfig } from '../config.ts'
import { ipBytes, reachedAddress } from '../net/ip-address.ts'

/**
 * The listen backlog: connections the kernel completes before the server accepts them. Node's 511
 * overflows under a burst of connections, and a dropped SYN (a health check's too) is retried
 * only a second later. The kernel caps it at net.core.somaxconn (4096 since Linux 5.4).
 */
export const LISTEN_BACKLOG = 4096

/** Descriptors kept for everything but client connections: database, site files, SMTP, CRM calls. */
const RESERVED_DESCRIPTORS = 256

export function installConnectionCaps(
  server: Server,
  limits: ConnectionConfig,
  log: FastifyBaseLogger,
): void {
  const max = maxConnections(limits.max, openFilesLimit(), log)
  if (max !== undefined) server.maxConnections = max
  if (limits.maxPerClient > 0) capConnectionsPerClient(server, limits.maxPerClient, log)
}

/**
 * Each client address may hold `max` connections; more are closed as they arrive, before a byte
 * is read. Counted on the socket's own address: behind a proxy that is the proxy's, which is why
 * the cap is off by default when TRUST_PROXY is set (server/config.ts).
 */
export function capConnectionsPerClient(server: Server, max: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>()
  /** Clients refused since they last had no connection: logged once per such episode. */
  const refused = new Set<string>()
  server.on('connection', (socket: Socket) => {
    // A socket closed before it was handed over has no address; nothing to count.
    if (socket.remoteAddress === undefined) return
    const client = clientKey(socket.remoteAddress)
    const count = open.get(client) ?? 0
    if (count >= max) {
      if (!refused.has(client)) {
        refused.add(client)
        log.warn(
          { client, maxPerClient: max },
          'too many connections from one client: refusing more until it closes some',
        )
      }
      socket.destroy()
      return
    }
    open.set(client, count + 1)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left > 0) {
        open.set(client, left)
      } else {
        open.delete(client)
        refused.delete(client)
      }
    })
  })
}

/**
 * Whom a connection counts against: its IPv4 address (also when it comes IPv4-mapped), or the /64
 * of an IPv6 address, since one IPv6 host usually holds a whole /64 and could pick a fresh address
 * per connection.
 */
export function clientKey(remoteAddress: string): string {
  const ip = ipBytes(remoteAddress)
  if (!ip) return remoteAddress
  const reached = reachedAddress(ip)
  if (reached.family === 4) return reached.bytes.join('.')
  const words = Array.from({ length: 4 }, (_, i) =>
    (((reached.bytes[2 * i] ?? 0) << 8) | (reached.bytes[2 * i + 1] ?? 0)).toString(16),
  )
  return `${words.join(':')}::/64`
}

/**
 * MAX_CONNECTIONS, or the open-files limit less a reserve when unset. A setting above what the
 * process can open is lowered: past the limit, accepting fails with EMFILE for everyone, health
 * checks included, where over `maxConnections` only the newest connections are closed.
 */
export function maxConnections(
  configured: number | undefined,
  filesLimit: number | undefined,
  log: FastifyBaseLogger,
): number | undefined {
  const fitting =
    filesLimit === undefined
      ? undefined
      : Math.max(filesLimit - RESERVED_DESCRIPTORS, Math.floor(filesLimit / 2))
  if (configured === undefined || fitting === undefined) return configured ?? fitting
  if (configured <= fitting) return configured
  log.warn(
    { maxConnections: configured, openFilesLimit: filesLimit, using: fitting },
    'MAX_CONNECTIONS is above what the open-files limit allows; using less',
  )
  return fitting
}

/**
 * The process's open-files limit (its soft limit, which Node raises to the hard one at start),
 * from /proc on Linux; undefined elsewhere or when unlimited.
 */
export function openFilesLimit(): number | undefined {
  let text: string
  try {
    text = readFileSync('/proc/self/limits', 'utf8')
  } catch {
    return undefined
  }
  const soft = /^Max open files\s+(\d+)/m.exec(text)?.[1]
  return soft === undefined ? undefined : Number(soft)
}
