import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { API_PREFIX } from '../../api/routes.ts'
import { routeModules } from '../routes.ts'
import { sampleConversion } from '../listings/testing/sample-listing.ts'
import { sampleLead } from '../leads/testing/sample-lead.ts'
import { NUL_TEXT_MESSAGE } from './refuse-nul-text.ts'
import { PASSWORD, createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'

/** A valid body for every route that takes one, so each bad variant differs in one way only. */
const validBodies: Record<string, Record<string, unknown>> = {
  '/auth/register': {
    name: 'Ann',
    email: 'new@example.com',
    phoneNumber: '+14155550123',
    password: PASSWORD,
  },
  '/auth/login': { email: 'ann@example.com', password: PASSWORD },
  '/auth/resend-verification': { email: 'ann@example.com' },
  '/auth/reset-password-request': {
    email: 'ann@example.com',
    reset_form_url: 'http://localhost:5173/reset-password',
  },
  '/auth/reset-password': { pass_reset_token: 'x'.repeat(43), new_password: PASSWORD },
  '/auth/logout': { refresh_token: 'x'.repeat(43) },
  '/users/contact-us': {
    name: 'Ann',
    email: 'ann@example.com',
    subject: 'Hello',
    message: 'Hi there',
  },
  '/users/me': { full_name: 'Ann Agent', phone: '+14155550123' },
  '/users/change-password': { current_password: PASSWORD, new_password: 'Harbor-Lights-2031' },
  '/users/delete-account': { password: PASSWORD },
  '/payment/cancel-subscription': { subscription_id: 'sub-123' },
  '/listings/convert': { ...sampleConversion() },
  '/leads': { ...sampleLead() },
  '/leads/update': { lead_id: 'lead-123', status: 'contacted', notes: 'Called once' },
  '/marketplace/fill-reports': {
    profile_version: 'built-in-2026-11-24',
    language: 'en',
    duration_ms: 1200,
    fields: [{ field: 'bedrooms', outcome: 'filled', label: 'Number of bedrooms' }],
  },
  '/leads/webhook': { url: 'https://crm.example.com/hooks/leads' },
  '/leads/export-webhook': { lead_ids: ['lead-123'] },
  '/leads/follow-up-boss': { api_key: 'fka_0123456789abcdef' },
  '/leads/export-follow-up-boss': { lead_ids: ['lead-123'] },
  '/leads/export.csv': { ids: ['lead-123'] },
}

/** Routes whose every field is optional: `{}` is a valid body there, not a missing field. */
const allOptional = new Set(['/leads/export.csv'])

let t: TestApp
let bearer: string

/** Row counts of this test app's own tables (on PostgreSQL, its schema only). */
async function snapshot(): Promise<Record<string, number>> {
  const listed =
    t.dbKind === 'sqlite'
      ? await sql<{
          name: string
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.ctx.db,
        )
      : await sql<{
          name: string
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
          t.ctx.db,
        )
  const counts: Record<string, number> = {}
  for (const { name } of listed.rows) {
    const row = await sql<{
      n: number
    }>`select count(*) as n from ${sql.table(name)}`.execute(t.ctx.db)
    counts[name] = Number(row.rows[0]?.n)
  }
  return counts
}

beforeAll(async () => {
  t = await createTestApp()
  bearer = `Bearer ${(await loggedInUser(t)).accessToken}`
})
afterAll(async () => {
  await t.close()
})

const bodyRoutes = routeModules.map((m) => m.route).filter((r) => r.body !== undefined)

describe('bad input answers 4xx in the envelope and writes nothing', () => {
  it('every route with a body has a valid sample here', () => {
    expect(bodyRoutes.map((r) => r.path).sort()).toEqual(Object.keys(validBodies).sort())
  })

  for (const route of bodyRoutes) {
    const valid = validBodies[route.path] ?? {}
    const fields = Object.keys(valid)
    const variants: [string, { payload?: string; contentType?: string }, number[]][] = [
      ['missing fields', { payload: '{}' }, [400]],
      [
        'wrong types',
        { payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, 12345]))) },
        [400],
      ],
      [
        'null fields',
        { payload: JSON.stringify(Object.fromEntries(fields.map((f) => [f, null]))) },
        [400],
      ],
      ['an array body', { payload: '[1,2,3]' }, [400]],
      ['an unknown field', { payload: JSON.stringify({ ...valid, is_admin: true }) }, [400]],
      [
        'a 10 MB string',
        { payload: JSON.stringify({ ...valid, [fields[0] ?? 'x']: 'x'.repeat(10 * 1024 * 1024) }) },
        [413],
      ],
      [
        'a long string within the body limit',
        { payload: JSON.stringify({ ...valid, [fields[0] ?? 'x']: 'x'.repeat(100_000) }) },
        [400],
      ],
      [
        'a NUL character in its text',
        {
          payload: JSON.stringify(valid, (_key, value: unknown) =>
            typeof value === 'string' ? `${value}\u0000` : value,
          ),
        },
        [400],
      ],
      ['broken JSON', { payload: '{"email": "a@b.co",' }, [400]],
      ['an empty body', { payload: '' }, [400]],
      [
        'a prototype-poisoning body',
        { payload: `{"__proto__": {"x": 1}, ${JSON.stringify(valid).slice(1)}` },
        [400],
      ],
      [
        'the wrong content type',
        { payload: JSON.stringify(valid), contentType: 'text/plain' },
        [415],
      ],
      [
        'a form body',
        { payload: 'email=a%40b.co', contentType: 'application/x-www-form-urlencoded' },
        [415],
      ],
    ]
    for (const [what, variant, statuses] of variants) {
      if (what === 'missing fields' && allOptional.has(route.path)) continue
      it(`${route.method} ${route.path} with ${what}`, async () => {
        const before = await snapshot()
        const res = await t.app.inject({
          method: route.method,
          url: API_PREFIX + route.path,
          headers: {
            'content-type': variant.contentType ?? 'application/json',
            authorization: bearer,
          },
          payload: variant.payload,
        })
        expect(statuses).toContain(res.statusCode)
        const body = res.json<{ status: string; message: string; errors: { message: string } }>()
        expect(body.status).toBe('error')
        expect(body.message.length).toBeGreaterThan(0)
        expect(body.errors.message).toBe(body.message)
        expect(await snapshot()).toEqual(before)
      })
    }
  }

  it('a route without a body refuses one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth/refresh-token?user_id=x`,
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      payload: JSON.stringify({ sneaky: true }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe('This request takes no body.')
  })

  it('a NUL character in a query is refused, not stored or a crash', async () => {
    for (const url of ['/leads?q=a%00b', '/leads/export.csv?q=%00']) {
      const res = await t.app.inject({ url: API_PREFIX + url, headers: { authorization: bearer } })
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe(NUL_TEXT_MESSAGE)
    }
  })

  it('unknown query parameters are refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth/refresh-token?user_id=x&admin=1`,
      headers: { authorization: 'Bearer abc' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ errors: { fields: Record<string, string> } }>().errors.fields).toEqual({
      admin: 'Unknown field: admin',
    })
  })

  it('an over-long path token is a 4xx, not a crash', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/auth/verify-email/${'x'.repeat(20_000)}`,
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json<{ status: string }>().status).toBe('error')
  })

  it('unknown endpoints answer 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/nope` })
    expect(res.statusCode).toBe(404)
    expect(res.json<{ status: string }>().status).toBe('error')
  })
})
