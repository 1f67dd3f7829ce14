import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { AppContext } from '../app-context.ts'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { ResolveAll } from '../net/resolve-host.ts'
import { stubResolver } from './stub-dns.ts'
import { createTestDatabase, type TestDbKind } from './test-database.ts'

/** A clock tests can move: `clock.advance(seconds)`. */
export interface TestClock {
  (): Date
  set(date: Date): void
  advance(seconds: number): void
}

export function createTestClock(start = new Date('2026-11-20T12:00:00.000Z')): TestClock {
  let now = start.getTime()
  const clock = (() => new Date(now)) as TestClock
  clock.set = (date) => {
    now = date.getTime()
  }
  clock.advance = (seconds) => {
    now += seconds * 1000
  }
  return clock
}

/** Loopback only: where tests' CRM receivers listen. */
export const TEST_PRIVATE_TARGETS = '127.0.0.0/8,::1/128'

export interface TestApp {
  app: FastifyInstance
  ctx: AppContext
  clock: TestClock
  dataDir: string
  /** Which database this run uses: sqlite, pglite or postgres (test-database.ts). */
  dbKind: TestDbKind
  /** Another connection to this app's database, as a second server process would have. */
  openDb: () => Db
  /** `app.inject` with the API prefix added and the JSON body parsed. */
  api: (options: InjectOptions & { url: string }) => Promise<ApiResponse>
  close: () => Promise<void>
}

/** A response whose `json()` is the envelope, typed for assertions. */
export type ApiResponse = Omit<LightMyRequestResponse, 'json'> & { json: () => ApiBody }

/** Loose view of an envelope for assertions. */
export interface ApiBody {
  status: 'success' | 'error'
  message?: string
  data?: Record<string, unknown> & { [key: string]: unknown }
  errors?: { message: string; fields?: Record<string, string> }
}

/**
 * A fresh app on its own database: a SQLite file, or a schema of its own on PGlite or PostgreSQL
 * (`TEST_DB`, `TEST_DATABASE_URL`; see test-database.ts). Rate limits are raised (factor 1000)
 * unless a test asks for the real ones with `RATE_LIMIT_FACTOR: '1'`. CRM exports may reach
 * loopback (TEST_PRIVATE_TARGETS, where tests' receivers listen) unless a test sets
 * `CRM_PRIVATE_TARGETS` itself ('' for the shipped default). Names resolve through a stub
 * (stub-dns.ts: localhost only, unless `resolveHost` is given), never through real DNS.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { siteDir?: string; resolveHost?: ResolveAll } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000',
    SITE_URL: 'http://localhost:5173',
    // Tests' CRM receivers listen on 127.0.0.1; crm-ssrf.test.ts sets '' to prove the default.
    CRM_PRIVATE_TARGETS: TEST_PRIVATE_TARGETS,
    ...env,
  })
  const clock = createTestClock()
  const database = await createTestDatabase(dataDir)
  const { app, ctx } = await buildApp(config, {
    db: database.db,
    clock,
    siteDir: options.siteDir ?? path.join(dataDir, 'no-site'),
    resolveHost: options.resolveHost ?? stubResolver(),
  })
  return {
    app,
    ctx,
    clock,
    dataDir,
    dbKind: database.kind,
    openDb: database.open,
    api: async (options) => {
      const response = await app.inject({ ...options, url: `/api/v1${options.url}` })
      const body = response.body
      return Object.assign(response, { json: () => JSON.parse(body) as ApiBody })
    },
    close: async () => {
      await app.close()
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const PASSWORD = 'Maple-Street-42'

/** Registers a user and returns the raw verification token from the outbox message. */
export async function registerUser(
  t: TestApp,
  overrides: Partial<{ name: string; email: string; phoneNumber: string; password: string }> = {},
): Promise<{ email: string; password: string; userId: string; verifyToken: string }> {
  const body = {
    name: 'Ann Agent',
    email: `ann.${Math.random().toString(36).slice(2)}@example.com`,
    phoneNumber: '+14155550123',
    password: PASSWORD,
    ...overrides,
  }
  const res = await t.api({ method: 'POST', url: '/auth/register', payload: body })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const userId = String(res.json().data?.user_id)
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', body.email.toLowerCase())
    .where('kind', '=', 'verify-email')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const verifyToken = /\/verify-email\/([\w-]+)/.exec(mail.text_body)?.[1]
  if (!verifyToken) throw new Error('no verification link in the e-mail')
  return { email: body.email.toLowerCase(), password: body.password, userId, verifyToken }
}

/** Registers, verifies and logs in; returns the session. */
export async function loggedInUser(
  t: TestApp,
  overrides: Parameters<typeof registerUser>[1] = {},
): Promise<{
  email: string
  password: string
  userId: string
  accessToken: string
  refreshToken: string
}> {
  const user = await registerUser(t, overrides)
  const verify = await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`)
  const login = await t.api({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  const data = login.json().data ?? {}
  return {
    ...user,
    accessToken: String(data.access_token),
    refreshToken: String(data.refresh_token),
  }
}
