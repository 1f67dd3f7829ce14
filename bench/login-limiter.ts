/**
 * What login's limits cost (server/auth/password-attempts.ts): one check counts a try against
 * three sliding windows in the database (per address, per account and address, per account),
 * a read and a conditional write each. Measured one check at a time, in process, on the app's own
 * database (SQLite unless DATABASE_URL is set), against the time of a whole login (argon2id and
 * all) through the same app.
 *
 * `npx tsx bench/login-limiter.ts` runs it alone on a fresh SQLite app; `npm run bench` runs it
 * on the bench's app.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'
import { startPasswordAttempt } from '../server/auth/password-attempts.ts'
import { loadConfig } from '../server/config.ts'
import { AppError } from '../server/http/app-error.ts'
import type { LimitContext } from '../server/http/rate-limit.ts'
import { percentile } from './steady-load.ts'

const CHECKS = 5000
const LOGINS = 40

export interface LoginLimiterResult {
  checks: number
  /** Per allowed check (3 windows), µs. */
  checkP50Us: number
  checkP99Us: number
  checksPerSecond: number
  /** Taking a right password's counts back (pair cleared, the account's hit returned), µs. */
  rightPasswordP50Us: number
  /** A check refused by a full window (reads only), µs. */
  refusedP50Us: number
  /** A whole successful login through the app, ms. */
  loginP50Ms: number
  /** The limiter's part of that login: check and take-back at p50. */
  shareOfLogin: number
}

const micros = (startedAt: number) => (performance.now() - startedAt) * 1000

/** `login` performs one successful login through the app (any path it likes). */
export async function benchLoginLimiter(
  ctx: LimitContext,
  login: () => Promise<void>,
): Promise<LoginLimiterResult> {
  // Counts far from any limit, so every check is let through and writes.
  const open: LimitContext = { ...ctx, config: { ...ctx.config, rateLimitFactor: 1e9 } }
  const run = Date.now().toString(36)
  const checkUs: number[] = []
  const rightUs: number[] = []
  const started = performance.now()
  for (let i = 0; i < CHECKS; i++) {
    // Many subjects, as real traffic has: rows are found by key among thousands.
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
    const email = `bench.${run}.${i % 1000}@example.com`
    const checkStarted = performance.now()
    const attempt = await startPasswordAttempt(open, ip, email)
    checkUs.push(micros(checkStarted))
    if (i % 10 === 0) {
      const rightStarted = performance.now()
      await attempt.passwordWasRight()
      rightUs.push(micros(rightStarted))
    }
  }
  const elapsedSeconds = (performance.now() - started) / 1000

  // The real limits: one pair's window filled, then refused tries (what an attacker gets).
  const real: LimitContext = { ...ctx, config: { ...ctx.config, rateLimitFactor: 1 } }
  const refusedUs: number[] = []
  for (let i = 0; i < 500; i++) {
    const refusedStarted = performance.now()
    try {
      await startPasswordAttempt(real, '192.0.2.250', `bench.${run}.refused@example.com`)
      continue
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 429) throw error
    }
    refusedUs.push(micros(refusedStarted))
  }

  const loginMs: number[] = []
  for (let i = 0; i < LOGINS; i++) {
    const loginStarted = performance.now()
    await login()
    loginMs.push(performance.now() - loginStarted)
  }

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  const checks = sorted(checkUs)
  const checkP50Us = percentile(checks, 50)
  const rightPasswordP50Us = percentile(sorted(rightUs), 50)
  const loginP50Ms = percentile(sorted(loginMs), 50)
  return {
    checks: CHECKS,
    checkP50Us,
    checkP99Us: percentile(checks, 99),
    checksPerSecond: CHECKS / elapsedSeconds,
    rightPasswordP50Us,
    refusedP50Us: percentile(sorted(refusedUs), 50),
    loginP50Ms,
    shareOfLogin: (checkP50Us + rightPasswordP50Us) / 1000 / loginP50Ms,
  }
}

export function reportLoginLimiter(result: LoginLimiterResult, database: string): string[] {
  const us = (value: number) => `${Math.round(value)} µs`
  return [
    `Login limiter (3 sliding windows per try, ${database}, in process, one at a time):`,
    `  check p50 ${us(result.checkP50Us)}, p99 ${us(result.checkP99Us)}, ` +
      `${Math.round(result.checksPerSecond)} checks/s (${result.checks} checks, 10 % with a right password)`,
    `  right password's take-back p50 ${us(result.rightPasswordP50Us)}; ` +
      `refused try p50 ${us(result.refusedP50Us)}`,
    `  share of a login (p50 ${result.loginP50Ms.toFixed(1)} ms, argon2id included): ` +
      `${(result.shareOfLogin * 100).toFixed(2)} %`,
  ]
}

/** Alone: a fresh SQLite app and one verified account to log in with. */
async function benchOnFreshApp(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-bench-limiter-'))
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: '1000000000',
    LOG_LEVEL: 'silent',
  })
  const { app, ctx } = await buildApp(config)
  try {
    const email = 'bench.limiter@example.com'
    const password = 'Bench-Harbor-2026'
    await inject(app, '/auth/register', {
      name: 'Bench Agent',
      email,
      phoneNumber: '+14155550123',
      password,
    })
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute()
    const result = await benchLoginLimiter(ctx, () =>
      inject(app, '/auth/login', { email, password }),
    )
    return reportLoginLimiter(result, 'SQLite')
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function inject(app: FastifyInstance, url: string, payload: object): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, payload })
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchOnFreshApp().then(
    (lines) => {
      console.log(lines.join('\n'))
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
