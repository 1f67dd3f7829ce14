import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { successBodySchema } from '../../api/envelope.ts'
import { API_PREFIX, routes, type RouteDef } from '../../api/routes.ts'
import { signAccessToken, verifyAccessToken } from '../auth/access-token.ts'
import {
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  signEvent,
  startFakeStripe,
  type FakeStripe,
} from '../billing/testing/fake-stripe.ts'
import { subscribeWithTestCheckout } from '../billing/testing/helpers.ts'
import { sampleLead } from '../leads/testing/sample-lead.ts'
import { sampleConversion } from '../listings/testing/sample-listing.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { seededRandom, testSeed, type SeededRandom } from '../testing/seeded-random.ts'
import { hostileValue, mutateValue, validValue, type Dictionary } from './schema-values.ts'
import { installWriteCounter, writesBetween, type WriteCounter } from './write-counter.ts'

/**
 * Property-based fuzzing of every route of the table (api/routes.ts), driven by its zod schemas:
 * valid inputs generated from the schemas and hostile mutations of them (wrong types, missing
 * and unknown fields, huge and control-character text, edge numbers, malformed JSON, wrong
 * content types, odd path parameters, repeated query keys), with a subscribed agent's token and
 * without. For every request: never a 5xx; every 4xx in the error envelope; every 2xx in the
 * success envelope with `data` as the table says; and a refused request writes no row of any
 * table (rate_limit_windows aside: a refused try counts toward its limits by design,
 * docs/product.md#login). FUZZ_SEED=<n> replays a run, FUZZ_CASES=<n> sets the cases per route.
 */

const SEED = testSeed('FUZZ_SEED', 20_261_120)
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 120)
/** Routes that hash or verify a password on valid input: argon2 costs tens of ms a try. */
const PASSWORD_ROUTES = new Set(['/auth/register', '/auth/login', '/users/change-password'])
const PASSWORD_ROUTE_CASES = Math.ceil(CASES_PER_ROUTE / 4)
/** Written by refused requests on purpose: every try counts toward its rate limit. */
const WRITTEN_WHEN_REFUSED = ['rate_limit_windows'] as const
const FUZZ_AGENT_EMAIL = 'fuzz.agent@example.com'
/** Distinct failures kept for the report; the rest are counted. */
const MAX_REPORTED = 25

type Auth = 'valid' | 'none' | 'other'

interface FuzzCase {
  /** The route's name in the table, or a name for a path outside it. */
  target: string
  route: RouteDef | undefined
  request: InjectOptions & { method: string; url: string }
  /** How the case was made, for the failure report. */
  what: string
  auth: Auth
  /** Every input passed its schema (and the request was well formed). */
  valid: boolean
}

interface Stats {
  sent: number
  valid: number
  byStatus: Record<number, number>
}

let t: TestApp
let rng: SeededRandom
let counter: WriteCounter
let dictionary: Dictionary
let tokens: { valid: string; others: string[]; refresh: string }

beforeAll(async () => {
  // An operator too, so the form-health summary is fuzzed past its 403.
  t = await createTestApp({ RATE_LIMIT_FACTOR: '100000', ADMIN_EMAILS: FUZZ_AGENT_EMAIL })
  rng = seededRandom(SEED)
  const user = await loggedInUser(t, { email: FUZZ_AGENT_EMAIL })
  const { subscriptionId, sessionId } = await subscribeWithTestCheckout(t, user)
  const auth = { authorization: `Bearer ${user.accessToken}` }
  const ok = (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`setup: ${res.statusCode} ${res.body}`)
    return JSON.parse(res.body) as { data: Record<string, unknown> }
  }
  ok(
    await t.api({
      method: 'PATCH',
      url: '/users/me',
      headers: auth,
      payload: {
        agent_profile: {
          listing_name: 'Wong Real Estate Grp',
          license_number: '01234567',
          license_state: 'CA',
          brokerage: 'KW Advisors',
        },
      },
    }),
  )
  const lead = ok(
    await t.api({ method: 'POST', url: '/leads', headers: auth, payload: sampleLead() }),
  )
  const listing = ok(
    await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: auth,
      payload: sampleConversion(),
    }),
  )
  // Real ids and names, so valid inputs can get past "not found" to the handlers' work.
  dictionary = [
    user.userId,
    user.email,
    (lead.data.lead as { _id: string })._id,
    String(listing.data.listing_id),
    subscriptionId,
    sessionId,
    'pro-monthly',
    'pro-annual',
    'https://crm.example.com/hooks/leads',
    'http://localhost:5173/reset-password',
  ]
  const secret = t.ctx.config.jwtSecret
  // The valid token's own claims: each token below breaks one of them.
  const session = verifyAccessToken(user.accessToken, secret, t.clock)
  if (!session) throw new Error('the login gave an access token that does not verify')
  const earlier = () => new Date(t.clock().getTime() - 3600_000)
  tokens = {
    valid: user.accessToken,
    refresh: user.refreshToken,
    others: [
      // Expired, of an account that does not exist, of a later session generation, of a session
      // that does not exist, forged.
      await signAccessToken({ ...session, generation: 0 }, secret, earlier),
      await signAccessToken({ ...session, userId: 'no-such-user' }, secret, t.clock),
      await signAccessToken({ ...session, generation: 7 }, secret, t.clock),
      await signAccessToken({ ...session, sessionId: 'no-such-session' }, secret, t.clock),
      await signAccessToken(
        session,
        new TextEncoder().encode('not the secret, not the secret!!'),
        t.clock,
      ),
      user.refreshToken,
      'x',
      `${user.accessToken}x`,
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      'a'.repeat(5000),
    ],
  }
  counter = await installWriteCounter(t, { exclude: WRITTEN_WHEN_REFUSED })
}, 120_000)

afterAll(async () => {
  await t.close()
})

function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    // A lone surrogate has no UTF-8: send the bytes a careless client would (CESU-8).
    return '%ED%A0%80'
  }
}

function textOf(value: unknown): string {
  if (value === undefined) return 'undefined'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** An object as a query string, lists as repeated keys; anything else under one key. */
function queryString(value: unknown): string {
  if (value === undefined) return ''
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `q=${encode(textOf(value))}`
  }
  const parts: string[] = []
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (Array.isArray(item))
      for (const each of item) parts.push(`${encode(key)}=${encode(textOf(each))}`)
    else parts.push(`${encode(key)}=${encode(textOf(item))}`)
  }
  return parts.join('&')
}

/** Query strings no well-behaved client sends. */
const RAW_QUERIES = [
  'page=1&page=2',
  'page_size=1&page_size=100&page_size=-1',
  '%E0%A4%A=1',
  'q=%',
  'q=%ZZ',
  'q[]=a&q[]=b',
  'q[a]=b',
  'page=%00',
  'page=1e3',
  'page= 1 ',
  'page=0x10',
  '__proto__[is_admin]=1',
  'constructor=x',
  `${'a=1&'.repeat(3000)}b=2`,
  `q=${'x'.repeat(60_000)}`,
  '&&&==&=',
]

/** Path parameters that are not ids; inserted raw, as a hand-typed URL would be. */
const RAW_PARAMS = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  'x'.repeat(600),
  '🏠',
  '%F0%9F%8F%A0',
  "1'%20or%20'1'='1",
  '-1',
  '0',
  '1e9',
  'null',
  '__proto__',
  'constructor',
  '*',
  '%20',
  ';',
  'a?b=c',
  'a#b',
]

/** Bodies that are not what the route takes, sent with a JSON content type unless said. */
function rawBody(valid: unknown): { payload: string; contentType?: string; what: string } {
  const json = JSON.stringify(valid ?? {})
  const cut = rng.int(0, Math.max(0, json.length - 1))
  const depth = rng.pick([100, 5000, 100_000])
  const choices: (() => { payload: string; contentType?: string; what: string })[] = [
    () => ({ payload: json.slice(0, cut), what: `JSON cut at ${cut}` }),
    () => ({
      payload: `${json.slice(0, cut)}${rng.pick(['"', '}', ',', '\\', '\u0000'])}${json.slice(cut)}`,
      what: 'JSON with a stray character',
    }),
    () => ({
      payload: rng.pick(['[]', '"text"', '42', 'null', 'true', '[{}]']),
      what: 'non-object JSON',
    }),
    () => ({ payload: '', what: 'an empty body' }),
    () => ({ payload: "{'single': 'quotes'}", what: 'JavaScript, not JSON' }),
    () => ({
      payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      what: `arrays nested ${depth} deep`,
    }),
    () => ({
      payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      what: `objects nested ${depth} deep`,
    }),
    () => ({ payload: json.replace('{', '{"dup":1,"dup":2,'), what: 'duplicate keys' }),
    () => ({ payload: `{"x":"${'y'.repeat(300 * 1024)}"}`, what: 'a body over the limit' }),
    () => ({
      payload: json,
      contentType: rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/jsonx',
        'application/json; charset=latin1',
        '',
        '*/*',
      ]),
      what: 'a wrong content type',
    }),
    () => ({ payload: json, contentType: 'none', what: 'no content type' }),
    () => ({ payload: Buffer.from(json, 'utf16le').toString('latin1'), what: 'UTF-16 bytes' }),
  ]
  return rng.pick(choices)()
}

function authHeaders(route: RouteDef | undefined): { headers: Record<string, string>; auth: Auth } {
  const needs = route?.auth ?? 'none'
  const roll = rng.next()
  if ((needs === 'access' && roll < 0.75) || (needs === 'none' && roll < 0.1)) {
    return { headers: { authorization: `Bearer ${tokens.valid}` }, auth: 'valid' }
  }
  if (roll < 0.85) return { headers: {}, auth: 'none' }
  const other = rng.pick([
    ...tokens.others.map((token) => `Bearer ${token}`),
    'Bearer',
    'Bearer ',
    `Basic ${Buffer.from('ann:pw').toString('base64')}`,
    `bearer ${tokens.valid}`,
    `Bearer  ${tokens.valid} `,
    `Bearer ${tokens.valid}, Bearer ${tokens.refresh}`,
  ])
  return { headers: { authorization: other }, auth: 'other' }
}

const WRONG_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']

/** One request to a route of the table. */
function routeCase(name: string, route: RouteDef): FuzzCase {
  const notes: string[] = []
  let valid = true
  const { headers, auth } = authHeaders(route)
  if (auth !== 'valid') notes.push(`auth ${auth}`)

  let path = route.path
  if (route.params) {
    const params = validValue(route.params, rng, dictionary) as Record<string, unknown> | undefined
    for (const key of route.path.match(/:\w+/g) ?? []) {
      const name = key.slice(1)
      if (params && rng.chance(0.7)) {
        path = path.replace(key, encode(textOf(params[name])))
      } else {
        const raw = rng.pick(RAW_PARAMS)
        path = path.replace(key, raw)
        notes.push(`param ${name}=${raw.slice(0, 30)}`)
        valid = false
      }
    }
  }

  let query = ''
  if (route.query) {
    const good = validValue(route.query, rng, dictionary)
    const roll = rng.next()
    if (roll < 0.6) query = queryString(good)
    else if (roll < 0.85) {
      const bad = mutateValue(good ?? {}, rng)
      query = queryString(bad.value)
      notes.push(`query ${bad.what}`)
      valid = false
    } else {
      query = rng.pick(RAW_QUERIES)
      notes.push(`query ${query.slice(0, 40)}`)
      valid = false
    }
  } else if (rng.chance(0.1)) {
    query = rng.pick(RAW_QUERIES)
    notes.push(`query ${query.slice(0, 40)}`)
    valid = false
  }

  let payload: string | undefined
  let contentType: string | undefined = 'application/json'
  if (route.body) {
    const good = validValue(route.body, rng, dictionary)
    if (good === undefined) valid = false
    const roll = rng.next()
    if (roll < 0.45) payload = JSON.stringify(good ?? {})
    else if (roll < 0.8) {
      const bad = mutateValue(good ?? {}, rng)
      payload = JSON.stringify(bad.value)
      notes.push(`body ${bad.what}`)
      valid = false
    } else {
      const raw = rawBody(good)
      payload = raw.payload
      contentType = raw.contentType
      notes.push(`body ${raw.what}`)
      valid = false
    }
  } else if (rng.chance(0.15)) {
    payload = rng.chance(0.5) ? JSON.stringify(hostileValue(rng)) : rawBody({}).payload
    notes.push('an unexpected body')
    valid = false
  } else {
    contentType = undefined
  }

  let method: string = route.method
  if (rng.chance(0.05)) {
    method = rng.pick(WRONG_METHODS)
    if (method !== route.method) {
      notes.push(`method ${method}`)
      valid = false
    }
  }
  if (contentType && contentType !== 'none') headers['content-type'] = contentType
  return {
    target: name,
    route,
    request: {
      method,
      url: `${API_PREFIX}${path}${query ? `?${query}` : ''}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    },
    what: notes.join('; ') || 'valid input',
    auth,
    valid,
  }
}

/** Paths outside the route table: unknown API paths, the test checkout's pages, the mailbox. */
function outsideCase(): FuzzCase {
  const id = rng.chance(0.3) ? rng.pick(dictionary) : rng.pick(RAW_PARAMS)
  const [target, method, url] = rng.pick<[string, string, string]>([
    ['unknown API path', rng.pick(WRONG_METHODS), `${API_PREFIX}/${rng.pick(RAW_PARAMS)}/${id}`],
    [
      'API path variant',
      'GET',
      rng.pick([
        `${API_PREFIX}/Users/Me`,
        `${API_PREFIX}//users/me`,
        `${API_PREFIX}/users/me/`,
        `${API_PREFIX}/users/../users/me`,
        `${API_PREFIX}/leads/export.csv.bak`,
      ]),
    ],
    ['checkout page', 'GET', `/checkout/test/${id}`],
    ['checkout pay', 'POST', `/checkout/test/${id}/pay`],
    ['checkout cancel', 'POST', `/checkout/test/${id}/cancel`],
    ['checkout receipt', 'GET', `/checkout/test/receipts/${id}`],
    ['mailbox', 'GET', `/dev/mailbox?${rng.pick(RAW_QUERIES)}`],
    ['mailbox messages', 'GET', `/dev/mailbox/messages.json?${rng.pick(RAW_QUERIES)}`],
    ['site path', 'GET', `/${id}`],
  ])
  const headers: Record<string, string> = {}
  let payload: string | undefined
  if (method === 'POST') {
    const form = rng.chance(0.5)
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json'
    payload = form ? rng.pick(['', 'a=1', '%ZZ', 'x='.repeat(1000)]) : rawBody({}).payload
  }
  return {
    target,
    route: undefined,
    request: { method, url, headers, ...(payload === undefined ? {} : { payload }) },
    what: `${method} ${url.slice(0, 80)}`,
    auth: 'none',
    valid: false,
  }
}

function schedule(): (() => FuzzCase)[] {
  const cases: (() => FuzzCase)[] = []
  for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
    const count = PASSWORD_ROUTES.has(route.path) ? PASSWORD_ROUTE_CASES : CASES_PER_ROUTE
    for (let i = 0; i < count; i++) cases.push(() => routeCase(name, route))
  }
  for (let i = 0; i < CASES_PER_ROUTE * 3; i++) cases.push(outsideCase)
  // Shuffled: one route's writes meet the next route's reads, as in real traffic.
  for (let i = cases.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    const swap = cases[i]
    cases[i] = cases[j] as () => FuzzCase
    cases[j] = swap as () => FuzzCase
  }
  // Each made just before it is sent: large bodies are not all held at once.
  return cases
}

function isErrorEnvelope(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false
  const { status, message, errors } = body as Record<string, unknown>
  if (status !== 'error' || typeof message !== 'string' || message === '') return false
  if (errors === null || typeof errors !== 'object') return false
  const inner = errors as Record<string, unknown>
  if (inner.message !== message) return false
  if (inner.fields === undefined) return true
  return (
    inner.fields !== null &&
    typeof inner.fields === 'object' &&
    Object.values(inner.fields).every((field) => typeof field === 'string')
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** What is wrong with an answer, or undefined. */
function problemWith(fuzz: FuzzCase, res: LightMyRequestResponse, writes: Record<string, number>) {
  const status = res.statusCode
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 200)}`
  if (status >= 400 && Object.keys(writes).length > 0) {
    return `refused with ${status} but wrote ${JSON.stringify(writes)}`
  }
  const isApi = fuzz.request.url.startsWith(`${API_PREFIX}/`)
  if (fuzz.request.method === 'HEAD' || !isApi) return undefined
  if (status >= 400) {
    if (!isErrorEnvelope(parseJson(res.body)))
      return `${status} outside the error envelope: ${res.body.slice(0, 200)}`
    return undefined
  }
  // A wrong method may reach the path's other route (GET and POST /leads): its data, not ours.
  if (
    status === 204 ||
    status === 304 ||
    !fuzz.route ||
    fuzz.request.method !== fuzz.route.method
  ) {
    return undefined
  }
  if (fuzz.route.path === routes.exportLeadsCsv.path) {
    return String(res.headers['content-type']).startsWith('text/csv')
      ? undefined
      : `${status} CSV export answered ${String(res.headers['content-type'])}`
  }
  const envelope = successBodySchema.safeParse(parseJson(res.body))
  if (!envelope.success) return `${status} outside the success envelope: ${res.body.slice(0, 200)}`
  const data = fuzz.route.data.safeParse(envelope.data.data)
  if (!data.success)
    return `${status} data not as the route table says: ${data.error.message.slice(0, 300)}`
  return undefined
}

describe('route fuzzing', () => {
  it('counts writes that keep the number of rows (the guard below relies on it)', async () => {
    const before = await counter.read()
    await t.ctx.db
      .updateTable('plans')
      .set({ sort_order: (eb) => eb.ref('sort_order') })
      .execute()
    const plans = await t.ctx.db.selectFrom('plans').select('id').execute()
    expect(writesBetween(before, await counter.read())).toEqual({ plans: plans.length })
  })

  it(`every route of the table survives generated and hostile input (seed ${SEED})`, async () => {
    const started = Date.now()
    const cases = schedule()
    const stats = new Map<string, Stats>()
    const failures = new Map<string, string>()
    let failureCount = 0
    let refused = 0
    let before = await counter.read()
    for (const [index, make] of cases.entries()) {
      const fuzz = make()
      const res = await t.app.inject(fuzz.request)
      const after = await counter.read()
      const writes = writesBetween(before, after)
      before = after
      const entry = stats.get(fuzz.target) ?? { sent: 0, valid: 0, byStatus: {} }
      entry.sent += 1
      if (fuzz.valid) entry.valid += 1
      entry.byStatus[res.statusCode] = (entry.byStatus[res.statusCode] ?? 0) + 1
      stats.set(fuzz.target, entry)
      if (res.statusCode >= 400) refused += 1
      const problem = problemWith(fuzz, res, writes)
      if (problem) {
        failureCount += 1
        const key = `${fuzz.request.method} ${fuzz.target} ${problem.slice(0, 60)}`
        if (!failures.has(key) && failures.size < MAX_REPORTED) {
          failures.set(
            key,
            `case ${index} ${fuzz.request.method} ${fuzz.request.url.slice(0, 120)} (${fuzz.what}): ${problem}` +
              (typeof fuzz.request.payload === 'string'
                ? ` — body ${JSON.stringify(fuzz.request.payload.slice(0, 400))}`
                : ''),
          )
        }
      }
    }
    const seconds = (Date.now() - started) / 1000
    const table = [...stats.entries()]
      .map(
        ([name, s]) => `  ${name}: ${s.sent} sent, ${s.valid} valid, ${JSON.stringify(s.byStatus)}`,
      )
      .join('\n')
    console.log(
      `route fuzz: ${cases.length} requests (${refused} refused), ${counter.tables.length} tables watched, ${seconds.toFixed(1)} s, seed ${SEED}\n${table}`,
    )
    expect(
      [...failures.values()],
      `${failureCount} failing requests; replay with FUZZ_SEED=${SEED}`,
    ).toEqual([])

    // The fuzz reached every route with input its schemas accept, and most signed-in routes
    // past validation to a 2xx (a few need what random input rarely has: the right password).
    const neverAccepted: string[] = []
    const signedIn = Object.entries(routes).filter(([, route]) => route.auth === 'access')
    for (const [name] of Object.entries(routes)) {
      const s = stats.get(name)
      expect(s?.valid, `${name}: no valid input was generated`).toBeGreaterThan(0)
      if (!Object.keys(s?.byStatus ?? {}).some((code) => Number(code) < 300)) {
        neverAccepted.push(name)
      }
    }
    const signedInNeverAccepted = neverAccepted.filter((name) =>
      signedIn.some(([signedInName]) => signedInName === name),
    )
    expect(
      signedInNeverAccepted.length,
      `signed-in routes never answered 2xx: ${signedInNeverAccepted.join(', ')}`,
    ).toBeLessThanOrEqual(Math.floor(signedIn.length / 4))
  }, 240_000)
})

describe('rate limits under the real factor', () => {
  let limited: TestApp
  let limitedWrites: WriteCounter
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
    limitedWrites = await installWriteCounter(limited, { exclude: WRITTEN_WHEN_REFUSED })
  })
  afterAll(async () => {
    await limited.close()
  })

  const email = 'limited@example.com'
  const requests: [string, InjectOptions & { url: string }][] = [
    [
      'contact',
      {
        method: 'POST',
        url: '/users/contact-us',
        payload: { name: 'Ann', email, subject: 'Hello', message: 'Hi there' },
      },
    ],
    ['resend', { method: 'POST', url: '/auth/resend-verification', payload: { email } }],
    [
      'reset request',
      {
        method: 'POST',
        url: '/auth/reset-password-request',
        payload: { email, reset_form_url: 'http://localhost:5173/reset-password' },
      },
    ],
    ['verify', { method: 'GET', url: `/auth/verify-email/${'v'.repeat(43)}` }],
    ['reset check', { method: 'GET', url: `/auth/reset-password/${'r'.repeat(43)}` }],
  ]

  it.each(requests)(
    '%s: 429 comes in the envelope with Retry-After and writes nothing',
    async (_name, request) => {
      let res: Awaited<ReturnType<TestApp['api']>> | undefined
      let writes: Record<string, number> = {}
      for (let attempt = 0; attempt < 40; attempt++) {
        const before = await limitedWrites.read()
        res = await limited.api(request)
        writes = writesBetween(before, await limitedWrites.read())
        if (res.statusCode === 429) break
      }
      expect(res?.statusCode).toBe(429)
      expect(isErrorEnvelope(res?.json())).toBe(true)
      expect(Number(res?.headers['retry-after'])).toBeGreaterThan(0)
      expect(writes).toEqual({})
    },
  )
})

describe('the Stripe webhook (outside the route table)', () => {
  let fakeStripe: FakeStripe
  let paid: TestApp
  let paidWrites: WriteCounter
  beforeAll(async () => {
    fakeStripe = await startFakeStripe(() => new Date('2026-11-20T12:00:00.000Z'))
    paid = await createTestApp({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
    })
    paidWrites = await installWriteCounter(paid, { exclude: WRITTEN_WHEN_REFUSED })
  })
  afterAll(async () => {
    await paid.close()
    await fakeStripe.close()
  })

  const KNOWN_TYPES = [
    'checkout.session.completed',
    'invoice.paid',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ]

  it(`refuses or ignores forged, malformed and unknown events without writing (seed ${SEED})`, async () => {
    const events = seededRandom(SEED + 1)
    const outcomes: Record<string, number> = {}
    const problems: string[] = []
    for (let i = 0; i < 300; i++) {
      const kind = events.int(0, 2)
      const type =
        kind === 2 ? events.pick(KNOWN_TYPES) : `fuzz.${events.pick(['a', 'b.c', '', '🏠'])}`
      const event = {
        id: `evt_fuzz_${i}`,
        object: 'event',
        type,
        data: {
          object: mutateValue({ id: `obj_${i}`, object: 'thing', subscription: null }, events)
            .value,
        },
      }
      let payload = JSON.stringify(event)
      let signature: string | undefined = signEvent(payload)
      if (kind === 0) {
        // Forged or broken: the signature does not cover these bytes.
        const forged = events.int(0, 4)
        if (forged === 0) signature = undefined
        else if (forged === 1) signature = 't=1,v1=deadbeef'
        else if (forged === 2) signature = signEvent(payload, 'whsec_not_ours')
        else if (forged === 3) {
          const raw = rawBody(event).payload
          payload = raw === payload ? `${payload} ` : raw
        } else signature = 'x'.repeat(events.int(0, 3000))
      }
      const before = await paidWrites.read()
      const res = await paid.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/payment/webhook`,
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
        payload,
      })
      const writes = writesBetween(before, await paidWrites.read())
      const body = parseJson(res.body) as { outcome?: string } | undefined
      const outcome = `${kind === 0 ? 'forged' : kind === 1 ? 'unknown type' : 'known type'} → ${res.statusCode}${body?.outcome ? ` ${body.outcome}` : ''}`
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
      const refused = res.statusCode >= 400
      // 503 is the webhook's "not applied, retry later": Stripe retries, so nothing may be half done.
      if (res.statusCode >= 500 && res.statusCode !== 503)
        problems.push(`${i} ${type}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      if (refused && !isErrorEnvelope(body))
        problems.push(`${i} ${type}: ${res.statusCode} outside the envelope`)
      if ((refused || kind !== 2) && Object.keys(writes).length > 0)
        problems.push(`${i} ${type}: ${res.statusCode} wrote ${JSON.stringify(writes)}`)
      if (kind === 0 && res.statusCode !== 400)
        problems.push(`${i}: a forged event answered ${res.statusCode}`)
    }
    console.log(`stripe webhook fuzz: 300 events (seed ${SEED + 1}) ${JSON.stringify(outcomes)}`)
    expect(problems, `replay with FUZZ_SEED=${SEED}`).toEqual([])
  })
})
