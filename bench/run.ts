/**
 * `npm run bench`: the performance budgets (docs/architecture.md#budgets), measured in one run.
 *
 * Starts the real app (loadConfig + buildApp, the code `npm start` runs) on a free loopback port
 * with a temporary DATA_DIR, seeds one verified user through the API, subscribes it through the
 * test checkout, seeds 1 M usage rows over 10 k users (the dashboard's budget is for that size), and loads it with autocannon
 * beside a bare Fastify route, so "% of bare" compares like with like on this machine, and beside
 * each route's floor (floor-routes.ts: its token check and statements, its answer as a constant),
 * measured before and after the route.
 * "server µs/req" is the server's main-thread CPU time per answer (thread-cpu.ts).
 * `DATABASE_URL=postgres://…` runs it on PostgreSQL instead (use a scratch database: the seed
 * stays).
 * Throughput is measured at saturation (autocannon); the p99 budget at its fixed rate
 * (500 requests/s), with an open-loop generator (steady-load.ts), because autocannon's rate option sends each
 * second's quota in one burst. autocannon runs in a child process (saturation-load.ts), the
 * open-loop generator in a worker thread: neither shares the server's event loop; they do share
 * this machine's cores.
 *
 * After the server's rows, once the load has stopped, the client budgets: the landing page's
 * first-load JavaScript, gzipped, from the built site (site-bundle.ts; it builds the site when
 * dist/site is missing); the extension's: the Zillow extraction (zillow-extraction.ts) and click →
 * Marketplace form filled in real Chromium with the built extension (extension-flow.ts); and
 * Lighthouse on the landing, pricing and sign-in pages (lighthouse.ts). They run in this process,
 * so they come last: the server is measured in a process that has done nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import type autocannon from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'
import { recordTransaction } from '../server/billing/subscriptions.ts'
import { loadConfig } from '../server/config.ts'
import { benchExtensionFlow, reportExtensionFlow } from './extension-flow.ts'
import { FLOOR_PATHS, registerFloorRoutes } from './floor-routes.ts'
import { benchLighthouse, reportLighthouse } from './lighthouse.ts'
import { benchLoginLimiter, reportLoginLimiter } from './login-limiter.ts'
import { saturationLoad } from './saturation-load.ts'
import { seedUsage } from './seed-usage.ts'
import { ensureSiteBuilt, measureLandingBundle, reportLandingBundle } from './site-bundle.ts'
import { percentile, steadyLoad } from './steady-load.ts'
import { mainThreadCpuNs } from './thread-cpu.ts'
import { THROUGHPUT_BUDGET, throughputVerdict } from './throughput-budget.ts'
import { benchZillowExtractionOnNode, reportZillowExtraction } from './zillow-extraction.ts'

const SECONDS = 5
const WARMUP_SECONDS = 1
const CONNECTIONS = 10
/** Login hashes with argon2id (~17 ms of CPU each): a few connections already saturate it. */
const LOGIN_CONNECTIONS = 4
/** The dashboard is measured over this many usage rows (docs/architecture.md#budgets). */
const SEED_USERS = 10_000
const SEED_DAYS_PER_USER = 100
/** /users/me and /users/dashboard: p99 < 10 ms at 500 requests/s; throughput: throughput-budget.ts. */
const BUDGET_RATE = 500
const BUDGET_P99_MS = 10

const PASSWORD = 'Bench-Harbor-2026'
/** `npm run bench -- --api-only [--rounds=N]`: see apiOnlyRounds. */
const API_ONLY = process.argv.includes('--api-only')
const API_ONLY_ROUNDS = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 4,
)

interface Target {
  name: string
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  connections?: number
}

interface Row {
  name: string
  /** Connections (saturation rows) or the fixed rate (steady rows). */
  load: string
  rps: number
  p50: number
  p99: number
  /** The server's main-thread CPU per answer, µs (saturation rows on Linux), else null. */
  cpuUs: number | null
  /** Non-2xx answers, errors and timeouts. */
  bad: number
  /** Measured at a fixed rate: throughput is the rate, not a capacity to compare with bare. */
  steady: boolean
}

async function load(target: Target, seconds: number): Promise<autocannon.Result> {
  return saturationLoad({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: target.connections ?? CONNECTIONS,
    duration: seconds,
  })
}

/** As many requests as the server answers, over a fixed number of connections. */
async function saturate(target: Target): Promise<Row> {
  process.stdout.write(`  ${target.name} … `)
  await load(target, WARMUP_SECONDS)
  const cpuBefore = mainThreadCpuNs()
  const result = await load(target, SECONDS)
  const cpuAfter = mainThreadCpuNs()
  const row: Row = {
    name: target.name,
    load: `${target.connections ?? CONNECTIONS} conns`,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / 1000 / result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
    steady: false,
  }
  console.log(
    `${Math.round(row.rps)} req/s` +
      (row.cpuUs === null ? '' : `, ${row.cpuUs.toFixed(1)} µs each`),
  )
  return row
}

/** Requests sent on a fixed schedule; the latency a user sees at that traffic. */
async function steady(name: string, url: string, headers: Record<string, string> = {}) {
  process.stdout.write(`  ${name} … `)
  const result = await steadyLoad({
    url,
    headers,
    rate: BUDGET_RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  })
  const row: Row = {
    name,
    load: `${BUDGET_RATE}/s`,
    rps: result.rps,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    cpuUs: null,
    bad: result.failed,
    steady: true,
  }
  console.log(`p99 ${row.p99.toFixed(1)} ms`)
  return row
}

/** The test checkout as a browser drives it: checkout → page → Pay → verify. */
async function subscribe(
  api: string,
  origin: string,
  email: string,
  bearer: Record<string, string>,
) {
  const query = new URLSearchParams({ plan_id: 'pro-monthly', email })
  const started = await fetch(`${api}/payment/checkout?${query.toString()}`, {
    method: 'POST',
    headers: bearer,
  })
  if (!started.ok) throw new Error(`checkout: ${started.status} ${await started.text()}`)
  const { data } = (await started.json()) as { data: { checkout_url: string } }
  const page = await (await fetch(origin + new URL(data.checkout_url).pathname)).text()
  const action = /action="([^"]+\/pay)"/.exec(page)?.[1]
  if (!action) throw new Error('no Pay form on the test checkout page')
  const paid = await fetch(origin + action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
  const sessionId = new URL(paid.headers.get('location') ?? '').searchParams.get('session_id')
  const verified = await fetch(`${api}/payment/verify-payment?session_id=${sessionId ?? ''}`)
  if (!verified.ok) throw new Error(`verify-payment: ${verified.status} ${await verified.text()}`)
}

async function postJson(base: string, url: string, body: unknown): Promise<unknown> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`)
  return res.json()
}

function address(app: FastifyInstance): string {
  const info = app.server.address()
  if (!info || typeof info === 'string') throw new Error('server is not listening on TCP')
  return `http://127.0.0.1:${info.port}`
}

function pad(value: string, width: number, right = false): string {
  return right ? value.padStart(width) : value.padEnd(width)
}

function printTable(rows: Row[], bare: Row): void {
  const header = [
    'name',
    'load',
    'req/s',
    'p50 ms',
    'p99 ms',
    '% of bare',
    'server µs/req',
    'non-2xx',
  ]
  const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
  const lines = rows.map((r) => [
    r.name,
    r.load,
    Math.round(r.rps).toString(),
    ms(r.p50),
    ms(r.p99),
    r.steady ? '—' : `${Math.round((r.rps / bare.rps) * 100)} %`,
    r.cpuUs === null ? '—' : r.cpuUs.toFixed(1),
    String(r.bad),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
  const format = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i > 0)).join('  ')
  console.log(`\n${format(header)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const line of lines) console.log(format(line))
}

/** The budgets measured outside the server, before the load tests take the cores. */
async function clientBudgets() {
  ensureSiteBuilt()
  const landingBundle = measureLandingBundle()
  const landing = reportLandingBundle(landingBundle)
  process.stdout.write('Extension: extraction, then click → form filled in Chromium … ')
  const extraction = reportZillowExtraction(await benchZillowExtractionOnNode())
  const flow = reportExtensionFlow(await benchExtensionFlow())
  console.log('done')
  process.stdout.write('Lighthouse, mobile: /, /pricing, /sign-in … ')
  const lighthouse = reportLighthouse(await benchLighthouse())
  console.log('done')
  return { landingBundle, landing, extraction, flow, lighthouse }
}

/** A budgeted route and its floor (floor-routes.ts), measured side by side. */
interface BudgetedRoute {
  route: string
  floor: Target
  real: Target
  /** The floor's least share of bare (throughput-budget.ts): measured 31–42 % and 10–18 %. */
  floorAtLeast: number
}

/** `origin` serves the floor routes, `api` (origin + the API prefix) the real ones. */
function budgetedRoutes(
  origin: string,
  api: string,
  bearer: Record<string, string>,
): BudgetedRoute[] {
  return [
    {
      route: '/users/me',
      floorAtLeast: 0.3,
      floor: { name: 'floor of /users/me', url: origin + FLOOR_PATHS.me, headers: bearer },
      real: { name: 'GET /users/me', url: `${api}/users/me`, headers: bearer },
    },
    {
      route: '/users/dashboard',
      floorAtLeast: 0.1,
      floor: {
        name: 'floor of /users/dashboard',
        url: origin + FLOOR_PATHS.dashboard,
        headers: bearer,
      },
      real: {
        name: 'GET /users/dashboard (1 M usage rows)',
        url: `${api}/users/dashboard`,
        headers: bearer,
      },
    },
  ]
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
}

/** Two measurements of one target as one row: their means, and every failed answer. */
function meanRow(a: Row, b: Row): Row {
  const mean = (x: number, y: number) => (x + y) / 2
  return {
    ...a,
    name: `${a.name} (mean of 2)`,
    rps: mean(a.rps, b.rps),
    p50: mean(a.p50, b.p50),
    p99: mean(a.p99, b.p99),
    cpuUs: a.cpuUs === null || b.cpuUs === null ? null : mean(a.cpuUs, b.cpuUs),
    bad: a.bad + b.bad,
  }
}

function percents(values: number[]): string {
  return values.map((v) => Math.round(v * 100)).join(', ')
}

/**
 * `--api-only`: bare, then each budgeted route's floor and the route, at saturation,
 * `--rounds=N` times in turn, and the medians: on a shared machine one round says little.
 */
async function apiOnlyRounds(bareUrl: string, routes: BudgetedRoute[]) {
  const ratios = new Map<
    string,
    {
      floorAtLeast: number
      floor: number[]
      real: number[]
      ofFloor: number[]
      cpuOfFloor: number[]
    }
  >()
  for (let round = 1; round <= API_ONLY_ROUNDS; round++) {
    console.log(`Round ${round} of ${API_ONLY_ROUNDS}:`)
    const bareRow = await saturate({ name: 'bare Fastify GET /bare', url: bareUrl })
    for (const { route, floor, real, floorAtLeast } of routes) {
      // Every other round the route goes first, so drift over the run (the machine's other
      // work, the heap growing) does not always count against the same one.
      let floorRow: Row, realRow: Row
      if (round % 2 === 1) {
        floorRow = await saturate(floor)
        realRow = await saturate(real)
      } else {
        realRow = await saturate(real)
        floorRow = await saturate(floor)
      }
      const entry = ratios.get(route) ?? {
        floorAtLeast,
        floor: [],
        real: [],
        ofFloor: [],
        cpuOfFloor: [],
      }
      // A round whose route failed answers counts as 0; the floor only from clean rounds, so a
      // failed floor cannot make the mark easier.
      entry.real.push(realRow.bad === 0 ? realRow.rps / bareRow.rps : 0)
      if (floorRow.bad === 0) entry.floor.push(floorRow.rps / bareRow.rps)
      if (floorRow.bad === 0 && realRow.bad === 0 && floorRow.rps > 0) {
        entry.ofFloor.push(realRow.rps / floorRow.rps)
        if (floorRow.cpuUs && realRow.cpuUs) entry.cpuOfFloor.push(floorRow.cpuUs / realRow.cpuUs)
      }
      ratios.set(route, entry)
    }
  }
  console.log(`\nMedians of ${API_ONLY_ROUNDS} rounds:`)
  for (const [route, { floorAtLeast, floor, real, ofFloor, cpuOfFloor }] of ratios) {
    // Shares of bare, so bare is 1.
    const { pass, detail } = throughputVerdict({
      bare: 1,
      floor: floor.length === 0 ? null : median(floor),
      route: median(real),
      floorAtLeast,
    })
    console.log(`  ${route} ${THROUGHPUT_BUDGET}: ${pass ? 'PASS' : 'FAIL'} (${detail})`)
    const byCpu =
      cpuOfFloor.length === 0
        ? ''
        : `; by server CPU time ${Math.round(median(cpuOfFloor) * 100)} % (${percents(cpuOfFloor)} %)`
    console.log(
      `    rounds: the route ${percents(real)} % of bare, its floor ${percents(floor)} %, ` +
        `the route at ${Math.round(median(ofFloor) * 100)} % of its floor (${percents(ofFloor)} %)` +
        byCpu,
    )
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-bench-'))
  const config = loadConfig({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    // The bench logs in thousands of times from one address and one e-mail.
    RATE_LIMIT_FACTOR: '1000000000',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
  })
  const { app, ctx } = await buildApp(config)
  const floorAnswers = registerFloorRoutes(app, ctx)
  const bare = Fastify({ logger: false })
  bare.get('/bare', () => ({ status: 'success', data: { ok: true } }))

  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    await bare.listen({ host: '127.0.0.1', port: 0 })
    const api = `${address(app)}/api/v1`

    // One verified user, made through the API like any agent (unique: a PostgreSQL run keeps it).
    const email = `bench.agent.${Date.now().toString(36)}@example.com`
    await postJson(api, '/auth/register', {
      name: 'Bench Agent',
      email,
      phoneNumber: '+14155550123',
      password: PASSWORD,
    })
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('kind', '=', 'verify-email')
      .executeTakeFirstOrThrow()
    const verifyToken = /\/verify-email\/([\w-]+)/.exec(mail.text_body)?.[1]
    if (!verifyToken) throw new Error('no verification link in the outbox message')
    const verified = await fetch(`${api}/auth/verify-email/${verifyToken}`)
    if (!verified.ok) throw new Error(`verify-email: ${verified.status} ${await verified.text()}`)
    const login = (await postJson(api, '/auth/login', { email, password: PASSWORD })) as {
      data: { access_token: string }
    }
    const bearer = { authorization: `Bearer ${login.data.access_token}` }

    // A subscriber with a full transaction list and usage like everyone else's.
    await subscribe(api, address(app), email, bearer)
    const { id: userId } = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    for (let i = 1; i <= 11; i++) {
      await recordTransaction(ctx.db, {
        user_id: userId,
        subscription_id: null,
        plan_id: 'pro-monthly',
        provider: 'test',
        provider_reference: `bench:${email}:${i}`,
        payment_type: 'subscription_cycle',
        amount_cents: 4900,
        currency: 'usd',
        receipt_url: null,
        period_start: null,
        period_end: null,
        created_at: new Date(Date.now() - i * 30 * 86_400_000).toISOString(),
      })
    }
    process.stdout.write(`Seeding ${SEED_USERS * SEED_DAYS_PER_USER} usage rows … `)
    const seedStarted = performance.now()
    const seeded = await seedUsage(ctx.db, {
      users: SEED_USERS,
      daysPerUser: SEED_DAYS_PER_USER,
      now: new Date(),
      extraUserIds: [userId],
    })
    console.log(
      `${seeded.rows} rows over ${SEED_USERS + 1} users in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    )
    const getJson = async (url: string) => {
      const res = await fetch(url, { headers: bearer })
      if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`)
      return res.json()
    }
    floorAnswers.me = await getJson(`${api}/users/me`)
    floorAnswers.dashboard = await getJson(`${api}/users/dashboard`)
    const routes = budgetedRoutes(address(app), api, bearer)
    if (API_ONLY) {
      await apiOnlyRounds(`${address(bare)}/bare`, routes)
      return
    }

    const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU'
    console.log(
      `ListingBridge bench — Node ${process.version}, ${cpus().length} × ${cpuModel}\n` +
        `${SECONDS} s per row after ${WARMUP_SECONDS} s of warm-up. "conns" rows: autocannon at ` +
        `saturation (latency in whole ms); "/s" rows: requests sent on a fixed schedule.\n`,
    )
    const bareUrl = `${address(bare)}/bare`
    const bareRow = await saturate({ name: 'bare Fastify GET /bare', url: bareUrl })
    const bareAtRate = await steady('bare Fastify GET /bare, steady', bareUrl)
    const measured = []
    for (const { route, floor, real, floorAtLeast } of routes) {
      // The floor before and after the route, averaged: drift over the run (the machine's
      // other work, the heap growing) then weighs on both alike.
      const floorBefore = await saturate(floor)
      const realRow = await saturate(real)
      const floorAfter = await saturate(floor)
      measured.push({
        route,
        floorAtLeast,
        floor: meanRow(floorBefore, floorAfter),
        real: realRow,
        atRate: await steady(`GET ${route}, steady`, real.url, real.headers),
      })
    }
    const loginRow = await saturate({
      name: 'POST /auth/login (argon2id)',
      url: `${api}/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
      connections: LOGIN_CONNECTIONS,
    })

    process.stdout.write('  login limiter … ')
    const limiter = reportLoginLimiter(
      await benchLoginLimiter(ctx, async () => {
        await postJson(api, '/auth/login', { email, password: PASSWORD })
      }),
      config.databaseUrl ? 'PostgreSQL' : 'SQLite',
    )
    console.log('done')

    // The client budgets run after the server's rows: Lighthouse and happy-dom leave this
    // process's heap at ~240 MB, and a server measured beside that answered /users/me ~10 µs
    // slower against its floor (docs/operations.md#where-usersme-spends-its-time).
    const { landingBundle, landing, extraction, flow, lighthouse } = await clientBudgets()
    console.log(`\n${landing.lines.join('\n')}\n`)
    console.log(`${extraction.lines.join('\n')}\n`)
    console.log(`${flow.lines.join('\n')}\n`)
    console.log(`${lighthouse.lines.join('\n')}\n`)

    const rows = [
      bareRow,
      ...measured.flatMap(({ floor, real }) => [floor, real]),
      loginRow,
      bareAtRate,
      ...measured.map(({ atRate }) => atRate),
    ]
    printTable(rows, bareRow)
    console.log(`\n${limiter.join('\n')}`)

    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
    console.log('\nBudgets (docs/architecture.md#budgets):')
    for (const { route, floor, real, atRate, floorAtLeast } of measured) {
      const rateReached = atRate.rps >= BUDGET_RATE * 0.95
      const p99Ok = rateReached && atRate.p99 < BUDGET_P99_MS && atRate.bad === 0
      console.log(
        `  ${route} p99 < ${BUDGET_P99_MS} ms at ${BUDGET_RATE} req/s: ${verdict(p99Ok)} ` +
          `(p99 ${atRate.p99.toFixed(1)} ms at ${Math.round(atRate.rps)} req/s)`,
      )
      const throughput = throughputVerdict({
        bare: bareRow.rps,
        floor: floor.bad === 0 ? floor.rps : null,
        route: real.bad === 0 ? real.rps : null,
        floorAtLeast,
      })
      console.log(
        `  ${route} ${THROUGHPUT_BUDGET}: ${verdict(throughput.pass)} (${throughput.detail})`,
      )
    }
    console.log(
      `  landing page first-load JS ≤ 100 KB gzip: ${verdict(landing.ok)} ` +
        `(${(landingBundle.jsGzipBytes / 1024).toFixed(1)} KB)`,
    )
    const verdicts = [...extraction.lines, ...flow.lines].filter((l) => /: (PASS|FAIL)/.test(l))
    for (const line of [...verdicts, ...lighthouse.verdicts]) console.log(`  ${line.trim()}`)
    console.log(
      `  login: ${Math.round(loginRow.rps)} req/s — bounded by argon2id on purpose, no budget.`,
    )
    const failed = rows.filter((r) => r.bad > 0)
    if (failed.length > 0) {
      console.log(
        `\nWarning: non-2xx answers or errors in: ${failed.map((r) => r.name).join(', ')}`,
      )
    }
  } finally {
    await Promise.all([app.close(), bare.close()])
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
