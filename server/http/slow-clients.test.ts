import { request } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { LISTEN_BACKLOG, openFilesLimit } from './connection-caps.ts'

/** The stall the issue reproduces, at a size one test process can hold (2 descriptors each). */
const STALLED = 2_000
/** The issue's own requirement: health checks still answer this fast while the stall holds. */
const HEALTHZ_BUDGET_MS = 50
/** Another client than the stalled ones: Linux routes all of 127/8 to the loopback interface. */
const OTHER_CLIENT = '127.0.0.2'

let t: TestApp | undefined
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await t?.close()
  t = undefined
})

async function listening(env: Record<string, string>): Promise<{ app: TestApp; port: number }> {
  t = await createTestApp({ LOG_LEVEL: 'silent', ...env })
  // As server/main.ts listens: Node's default backlog drops part of a burst of connections.
  await t.app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG })
  return { app: t, port: (t.app.server.address() as AddressInfo).port }
}

interface RawConnection {
  socket: Socket
  /** Everything the server sent. */
  received: () => string
  /** Settles when the connection closes, from either side. */
  closed: Promise<void>
  isClosed: () => boolean
}

/** A connection from `localAddress` that sends `data` (if any) once connected. */
function rawConnection(port: number, localAddress: string, data?: string): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port, localAddress })
  sockets.push(socket)
  let received = ''
  let isClosed = false
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  // A refused or cut connection may end in a reset; its close is what counts.
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true
      resolve()
    }),
  )
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      const ready = () => {
        resolve({ socket, received: () => received, closed, isClosed: () => isClosed })
      }
      if (data === undefined) ready()
      else socket.write(data, ready)
    })
    socket.once('error', reject)
  })
}

/** A login POST's headers announcing a body, and one byte of it: then nothing. */
const STALLED_BODY =
  'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  'Content-Length: 100\r\n\r\n{'

/** GET /api/v1/healthz on a fresh connection from `localAddress`: its status and duration. */
function healthz(port: number, localAddress: string): Promise<{ status: number; ms: number }> {
  const start = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/v1/healthz', localAddress, agent: false },
      (res) => {
        res.resume()
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Polls until `condition` holds or `timeoutMs` passes; the caller asserts which. */
async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Counts requests whose headers the server has read (beside Fastify's own listener). */
function requestCounter(app: TestApp): () => number {
  let count = 0
  app.app.server.on('request', () => count++)
  return () => count
}

function openConnections(app: TestApp): Promise<number> {
  return new Promise((resolve, reject) =>
    app.app.server.getConnections((error, count) => {
      if (error) reject(error)
      else resolve(count)
    }),
  )
}

describe('slow clients', () => {
  it(`${STALLED} stalled bodies from one client: health checks from another still answer within ${HEALTHZ_BUDGET_MS} ms, and every stalled one is cut with 408`, async () => {
    const limit = openFilesLimit()
    if (limit !== undefined && limit < 2 * STALLED + 200) {
      throw new Error(`needs ${2 * STALLED + 200} open files; this process may open ${limit}`)
    }
    const requestTimeoutMs = 2000
    // The cap per client is off: this test is about the timeouts alone.
    const { app, port } = await listening({
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: String(requestTimeoutMs / 1000),
      MAX_CONNECTIONS_PER_CLIENT: '0',
    })
    const info = vi.spyOn(app.app.log, 'info')
    const requests = requestCounter(app)
    // A first answer outside the stall: what is measured is the stall's effect, not a cold start.
    expect((await healthz(port, OTHER_CLIENT)).status).toBe(200)

    const stalled = await Promise.all(
      Array.from({ length: STALLED }, () => rawConnection(port, '127.0.0.1', STALLED_BODY)),
    )
    // The stall is in place once the server holds every request, waiting for its body.
    await waitFor(() => requests() === 1 + STALLED, 5000)
    expect(requests()).toBe(1 + STALLED)
    expect(await openConnections(app)).toBe(STALLED)
    expect(stalled.filter((c) => c.isClosed())).toHaveLength(0)

    const checks = []
    for (let i = 0; i < 5; i++) checks.push(await healthz(port, OTHER_CLIENT))
    expect(checks.map((c) => c.status)).toEqual([200, 200, 200, 200, 200])
    expect(Math.max(...checks.map((c) => c.ms))).toBeLessThan(HEALTHZ_BUDGET_MS)

    // Node checks its timeouts every half headers timeout here; the margin covers that and a busy
    // two-core machine closing 2,000 sockets.
    await waitFor(() => stalled.every((c) => c.isClosed()), requestTimeoutMs + 5000)
    expect(stalled.filter((c) => !c.isClosed())).toHaveLength(0)
    const answers = new Set(stalled.map((c) => c.received().split('\r\n')[0]))
    expect([...answers]).toEqual(['HTTP/1.1 408 Request Timeout'])
    const cutLines = info.mock.calls.filter(
      ([, message]) => message === 'slow client: connection closed with 408',
    )
    expect(cutLines).toHaveLength(STALLED)
  })

  it('a connection that sends nothing, or half its headers, gets 408 after the headers timeout; an idle keep-alive one is closed', async () => {
    const { port } = await listening({
      HEADERS_TIMEOUT_SECONDS: '0.5',
      REQUEST_TIMEOUT_SECONDS: '5',
      KEEP_ALIVE_TIMEOUT_SECONDS: '0.5',
    })
    const silent = await rawConnection(port, '127.0.0.1')
    const halfHeaders = await rawConnection(port, '127.0.0.1', 'GET /api/v1/healthz HTTP/1.1\r\n')
    const keptAlive = await rawConnection(
      port,
      '127.0.0.1',
      'GET /api/v1/healthz HTTP/1.1\r\nHost: localhost\r\n\r\n',
    )
    const all = [silent, halfHeaders, keptAlive]
    // Half a second each, checked every quarter second (slow-clients.ts); the rest is margin.
    await waitFor(() => all.every((c) => c.isClosed()), 5000)
    expect(all.map((c) => c.isClosed())).toEqual([true, true, true])
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(halfHeaders.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(halfHeaders.received()).toContain('"status":"error"')
    // It got its answer, then was closed for idling: no 408 after a complete exchange.
    expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(keptAlive.received()).not.toContain('408')
  })

  it('a stalled body does not hold the server’s close for ever', async () => {
    const { app, port } = await listening({
      HEADERS_TIMEOUT_SECONDS: '0.5',
      REQUEST_TIMEOUT_SECONDS: '1',
    })
    const requests = requestCounter(app)
    const stalled = await rawConnection(port, '127.0.0.1', STALLED_BODY)
    await waitFor(() => requests() === 1, 5000)
    expect(requests()).toBe(1)
    // Node stops checking its timeouts once closing starts: without the cut neither settles (the
    // test's own timeout fails it).
    await app.app.close()
    await stalled.closed
  })
})

describe('connections per client', () => {
  it('refuses connections beyond the cap from one client while another is served', async () => {
    const cap = 20
    const { app, port } = await listening({ MAX_CONNECTIONS_PER_CLIENT: String(cap) })
    const warn = vi.spyOn(app.app.log, 'warn')
    const held = await Promise.all(
      Array.from({ length: cap }, () => rawConnection(port, '127.0.0.1')),
    )
    const beyond = await Promise.all(
      Array.from({ length: 5 }, () => rawConnection(port, '127.0.0.1')),
    )
    // Closed by the server at once, without a byte: the held ones are untouched.
    await waitFor(() => beyond.every((c) => c.isClosed()), 5000)
    expect(beyond.filter((c) => !c.isClosed())).toHaveLength(0)
    expect(beyond.map((c) => c.received())).toEqual(['', '', '', '', ''])
    expect(held.filter((c) => c.isClosed())).toHaveLength(0)
    expect((await healthz(port, OTHER_CLIENT)).status).toBe(200)
    // One warning for the episode, not one per refused connection.
    expect(warn.mock.calls.filter(([, message]) => String(message).startsWith('too many'))).toEqual(
      [expect.anything()],
    )

    // A closed connection frees its place for the same client.
    held[0]?.socket.destroy()
    await waitFor(async () => (await openConnections(app)) === cap - 1, 5000)
    expect(await openConnections(app)).toBe(cap - 1)
    expect((await healthz(port, '127.0.0.1')).status).toBe(200)
  })
})
