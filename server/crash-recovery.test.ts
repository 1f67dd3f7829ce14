import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../api/routes.ts'
import { sampleLead } from './leads/testing/sample-lead.ts'
import { sampleConversion } from './listings/testing/sample-listing.ts'
import { seededRandom, testSeed, type SeededRandom } from './testing/seeded-random.ts'
import { PASSWORD } from './testing/test-app.ts'
import { testDbKind } from './testing/test-database.ts'

/**
 * The real server in a child process on SQLite (WAL, synchronous=NORMAL: server/db/database.ts),
 * killed with SIGKILL in the middle of a stream of writes from several clients, then started
 * again on the same DATA_DIR: every write that was answered 2xx must be there, and the file must
 * pass `PRAGMA integrity_check` (docs/operations.md#durability). A process kill, not a power
 * loss: what reached SQLite's WAL before the answer survives in the OS's cache.
 *
 * CRASH_SEED=<n> replays a run (the kill points and the mix of writes).
 */

const SEED = testSeed('CRASH_SEED', 15_2026)
const ROUNDS = 3
const CLIENTS = 4
/** A round's kill comes after this many acknowledged writes (of all clients), chosen by the seed. */
const KILL_AFTER = { min: 100, max: 400 }
const READY_TIMEOUT_MS = 45_000
const REQUEST_TIMEOUT_MS = 15_000

const root = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-crash-'))
const dbFile = path.join(dataDir, 'listingbridge.sqlite')
/** Kill points; each client draws its writes from a generator of its own (SEED + its number). */
const killRng = seededRandom(SEED)

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

interface Server {
  child: ChildProcess
  api: string
  output: () => string
  exited: Promise<void>
}

/**
 * `server/main.ts` under tsx's loader in one process, as scripts/start.js runs it, but without the
 * wrapper: SIGKILL must reach the process that holds the database.
 */
async function startServer(): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)))
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)))
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve()
    })
  })
  const api = `http://127.0.0.1:${port}${API_PREFIX}`
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output}`)
    }
    try {
      if ((await fetch(`${api}/healthz`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not become healthy:\n${output}`)
    }
    // Polls the health check, not a fixed wait.
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { child, api, output: () => output, exited }
}

interface Answer {
  status: number
  body: { data?: Record<string, unknown> } | undefined
}

async function call(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; payload?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${server.api}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : undefined }
}

function readOnlyDb(): SQLite.Database {
  return new SQLite(dbFile, { readonly: true, fileMustExist: true })
}

/** Registers, verifies (the link's token read from the outbox table) and logs in. */
async function signUp(server: Server, n: number): Promise<Agent> {
  const email = `crash.agent.${n}@example.com`
  const registered = await call(server, 'POST', '/auth/register', {
    payload: { name: `Agent ${n}`, email, phoneNumber: '+14155550123', password: PASSWORD },
  })
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered)}`)
  const db = readOnlyDb()
  const mail = db
    .prepare(`select text_body from outbox where to_address = ? and kind = 'verify-email'`)
    .get(email) as { text_body: string } | undefined
  db.close()
  const token = /\/verify-email\/([\w-]+)/.exec(mail?.text_body ?? '')?.[1]
  if (!token) throw new Error(`no verification link mailed to ${email}`)
  const verified = await call(server, 'GET', `/auth/verify-email/${token}`)
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified)}`)
  const login = await call(server, 'POST', '/auth/login', {
    payload: { email, password: PASSWORD },
  })
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login)}`)
  return {
    n,
    userId: String(login.body?.data?.user_id),
    token: String(login.body?.data?.access_token),
    rng: seededRandom(SEED + n),
    fullName: { acked: `Agent ${n}`, unknown: [] },
    leads: [],
    listings: [],
  }
}

/** A value the server acknowledged last, and values sent after it whose answer never came. */
interface LastWrite {
  acked: string
  unknown: string[]
}

interface AckedLead {
  id: string
  sourceId: string
  ownerName: string
  notes: LastWrite
}

interface Agent {
  n: number
  userId: string
  token: string
  rng: SeededRandom
  fullName: LastWrite
  leads: AckedLead[]
  listings: { id: string; sourceId: string }[]
}

let sequence = 0
/** Unique per write over the whole run, so each write can be told apart from every other. */
function nextTag(agent: Agent): string {
  sequence += 1
  return `${agent.n}-${sequence}`
}

interface RoundStats {
  acked: number
  /** Writes sent before the kill whose answer never came: stored or not, either is right. */
  cut: number
}

/**
 * One client: writes one at a time (so "the last acknowledged value" is well defined) until its
 * connection is cut by the kill. Any answer but a 2xx before the kill fails the test.
 */
async function drive(
  server: Server,
  agent: Agent,
  onAck: () => void,
  killed: () => boolean,
): Promise<'cut' | 'refused'> {
  for (;;) {
    const tag = nextTag(agent)
    const sentBeforeKill = !killed()
    const pick = agent.rng.next()
    try {
      if (pick < 0.45 || agent.leads.length === 0) {
        const sourceId = `crash-${tag}`
        const ownerName = `Owner ${tag}`
        const res = await call(server, 'POST', '/leads', {
          token: agent.token,
          // No phone: leads with the same phone at the same address would merge into one.
          payload: sampleLead({
            source_id: sourceId,
            owner_name: ownerName,
            phone: null,
            address: { street: `${tag} Crash Street`, city: 'Austin', state: 'TX', zip: '78704' },
          }),
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(res.body?.data?.created).toBe(true)
        const lead = res.body?.data?.lead as { _id: string } | undefined
        agent.leads.push({
          id: String(lead?._id),
          sourceId,
          ownerName,
          notes: { acked: '', unknown: [] },
        })
      } else if (pick < 0.65) {
        const lead = agent.rng.pick(agent.leads)
        const notes = `Notes ${tag}`
        lead.notes.unknown.push(notes)
        const res = await call(server, 'POST', '/leads/update', {
          token: agent.token,
          payload: { lead_id: lead.id, notes },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        lead.notes = { acked: notes, unknown: [] }
      } else if (pick < 0.8) {
        const fullName = `Agent ${tag}`
        agent.fullName.unknown.push(fullName)
        const res = await call(server, 'PATCH', '/users/me', {
          token: agent.token,
          payload: { full_name: fullName },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        agent.fullName = { acked: fullName, unknown: [] }
      } else {
        const sourceId = String(100_000 + sequence)
        const res = await call(server, 'POST', '/listings/convert', {
          token: agent.token,
          payload: sampleConversion({ source_id: sourceId }),
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(res.body?.data?.metered).toBe(true)
        agent.listings.push({ id: String(res.body?.data?.listing_id), sourceId })
      }
    } catch (error) {
      // Only the kill may cut a request short; the write it carried may or may not be stored.
      if (killed() && !(error instanceof Error && error.name === 'AssertionError')) {
        return sentBeforeKill ? 'cut' : 'refused'
      }
      throw error
    }
    onAck()
  }
}

/** Drives every client until `killAfter` writes were acknowledged, then SIGKILLs the server. */
async function roundOfWrites(server: Server, agents: Agent[], killAfter: number) {
  const stats: RoundStats = { acked: 0, cut: 0 }
  let killed = false
  const kill = () => {
    if (killed) return
    killed = true
    server.child.kill('SIGKILL')
  }
  const onAck = () => {
    stats.acked += 1
    // A moment later, chosen by the seed: other clients' writes are in flight at any point.
    if (stats.acked === killAfter) setTimeout(kill, killRng.int(0, 15))
  }
  const ends = await Promise.all(agents.map((agent) => drive(server, agent, onAck, () => killed)))
  stats.cut = ends.filter((end) => end === 'cut').length
  await server.exited
  expect(server.child.signalCode).toBe('SIGKILL')
  return stats
}

/** Every acknowledged write is in the file, and the file is sound. */
function verifyDatabase(agents: Agent[]): number {
  const db = readOnlyDb()
  let verified = 0
  try {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    const leadById = db.prepare(
      'select user_id, source_id, owner_name, notes from leads where id = ?',
    )
    const listingById = db.prepare('select user_id, source_id from listings where id = ?')
    const fullName = db.prepare('select full_name from users where id = ?')
    const counted = db.prepare(
      'select coalesce(sum(leads), 0) as leads, coalesce(sum(listings), 0) as listings from api_usage_daily where user_id = ?',
    )
    const stored = db.prepare(
      'select (select count(*) from leads where user_id = @id) as leads, (select count(*) from listings where user_id = @id) as listings',
    )
    for (const agent of agents) {
      for (const lead of agent.leads) {
        const row = leadById.get(lead.id) as Record<string, unknown> | undefined
        expect(row, `acknowledged lead ${lead.sourceId}`).toMatchObject({
          user_id: agent.userId,
          source_id: lead.sourceId,
          owner_name: lead.ownerName,
        })
        expect([lead.notes.acked, ...lead.notes.unknown]).toContain(row?.notes)
        verified += 1 + (lead.notes.acked ? 1 : 0)
      }
      for (const listing of agent.listings) {
        expect(listingById.get(listing.id), `acknowledged listing ${listing.sourceId}`).toEqual({
          user_id: agent.userId,
          source_id: listing.sourceId,
        })
        verified += 1
      }
      const name = fullName.get(agent.userId) as { full_name: string } | undefined
      expect([agent.fullName.acked, ...agent.fullName.unknown]).toContain(name?.full_name)
      verified += 1
      // A save and its count are one transaction: the crash keeps both or neither.
      expect(counted.get(agent.userId)).toEqual(stored.get({ id: agent.userId }))
      const rows = stored.get({ id: agent.userId }) as { leads: number; listings: number }
      expect(rows.leads).toBeGreaterThanOrEqual(agent.leads.length)
      expect(rows.listings).toBeGreaterThanOrEqual(agent.listings.length)
    }
  } finally {
    db.close()
  }
  return verified
}

let server: Server | undefined

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

// The child always runs on SQLite; the PGlite project would only run the same thing twice.
describe.skipIf(testDbKind() === 'pglite')(
  'a killed server loses no acknowledged write (SQLite, WAL)',
  () => {
    it(`keeps every 2xx write through ${ROUNDS} SIGKILLs mid-stream (seed ${SEED})`, async () => {
      const started = Date.now()
      try {
        server = await startServer()
        const running = server
        const agents: Agent[] = []
        for (let n = 1; n <= CLIENTS; n++) agents.push(await signUp(running, n))

        let acked = 0
        let cut = 0
        let verified = 0
        for (let round = 1; round <= ROUNDS; round++) {
          const stats = await roundOfWrites(
            server,
            agents,
            killRng.int(KILL_AFTER.min, KILL_AFTER.max),
          )
          acked += stats.acked
          cut += stats.cut
          // Started again on the same DATA_DIR: it recovers the WAL and serves.
          server = await startServer()
          verified = verifyDatabase(agents)
          // And through the API: the restarted server reads what the killed one acknowledged.
          for (const agent of agents) {
            const me = await call(server, 'GET', '/users/me', { token: agent.token })
            expect(me.status).toBe(200)
            expect([agent.fullName.acked, ...agent.fullName.unknown]).toContain(
              me.body?.data?.full_name,
            )
          }
        }
        console.log(
          `crash test: ${ROUNDS} kills, ${acked} writes acknowledged, ${cut} cut in flight, ${verified} checked after the last restart, ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
        )
      } catch (error) {
        console.error(
          `crash test failed; replay with CRASH_SEED=${SEED}\n--- server output ---\n${server?.output() ?? ''}`,
        )
        throw error
      }
    }, 180_000)
  },
)
