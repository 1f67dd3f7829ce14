import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function session() {
  const user = await loggedInUser(t)
  return { ...user, headers: { authorization: `Bearer ${user.accessToken}` } }
}

function report(overrides: Partial<FillReportBody> = {}): FillReportBody {
  return {
    profile_version: '2026-11-01',
    language: 'en-US',
    duration_ms: 4200,
    fields: [
      { field: 'price', outcome: 'filled', label: 'Price' },
      { field: 'bedrooms', outcome: 'not_found', label: null },
      { field: 'laundry', outcome: 'taught', label: 'Laundry type' },
    ],
    ...overrides,
  }
}

const stored = async () => ({
  reports: await t.ctx.db.selectFrom('fill_reports').selectAll().execute(),
  fields: await t.ctx.db.selectFrom('fill_report_fields').selectAll().execute(),
})

describe('POST /marketplace/fill-reports', () => {
  it('stores the report with exactly its fields and answers its id with 201', async () => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/marketplace/fill-reports',
      headers: user.headers,
      payload: report(),
    })
    expect(res.statusCode).toBe(201)
    const reportId = String(res.json().data?.report_id)
    const createdAt = t.clock().toISOString()
    const { reports, fields } = await stored()
    expect(reports).toEqual([
      {
        id: reportId,
        user_id: user.userId,
        profile_version: '2026-11-01',
        language: 'en-US',
        duration_ms: 4200,
        created_at: createdAt,
      },
    ])
    const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field)
    expect(fields.sort(byField)).toEqual(
      report()
        .fields.map((f) => ({ report_id: reportId, ...f, created_at: createdAt }))
        .sort(byField),
    )
    // Not a conversion: nothing metered.
    expect(await t.ctx.db.selectFrom('api_usage_daily').selectAll().execute()).toEqual([])
  })

  it('stores a report without a language', async () => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/marketplace/fill-reports',
      headers: user.headers,
      payload: report({ language: null }),
    })
    expect(res.statusCode).toBe(201)
    expect((await stored()).reports[0]?.language).toBeNull()
  })

  const invalid: [string, unknown, string][] = [
    ['an unknown key', { ...report(), extra: 1 }, 'extra'],
    ['a listing-like extra', { ...report(), address: '1 Main St, Springfield' }, 'address'],
    [
      'an unknown key in a field',
      report({
        fields: [{ field: 'price', outcome: 'filled', label: 'Price', value: '850000' } as never],
      }),
      'fields.0.value',
    ],
    [
      'an unknown field',
      report({ fields: [{ field: 'owner_phone', outcome: 'filled', label: null } as never] }),
      'fields.0.field',
    ],
    [
      'an unknown outcome',
      report({ fields: [{ field: 'price', outcome: 'guessed', label: null } as never] }),
      'fields.0.outcome',
    ],
    [
      'a duplicate field',
      report({
        fields: [
          { field: 'price', outcome: 'filled', label: 'Price' },
          { field: 'price', outcome: 'not_found', label: null },
        ],
      }),
      'fields',
    ],
    [
      'a label over 200 characters',
      report({ fields: [{ field: 'price', outcome: 'filled', label: 'P'.repeat(201) }] }),
      'fields.0.label',
    ],
    ['a negative duration', report({ duration_ms: -1 }), 'duration_ms'],
    ['no fields', report({ fields: [] }), 'fields'],
    ['a bad language', report({ language: 'English' }), 'language'],
  ]
  it.each(invalid)('answers 400 for %s and stores nothing', async (_what, payload, key) => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/marketplace/fill-reports',
      headers: user.headers,
      payload: payload as object,
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors?.fields ?? {})).toContain(key)
    const { reports, fields } = await stored()
    expect(reports).toEqual([])
    expect(fields).toEqual([])
  })

  it('answers 401 without a login and stores nothing', async () => {
    const res = await t.api({ method: 'POST', url: '/marketplace/fill-reports', payload: report() })
    expect(res.statusCode).toBe(401)
    expect((await stored()).reports).toEqual([])
  })

  it('limits reports per user per hour', async () => {
    t = await swapApp({ RATE_LIMIT_FACTOR: '1' })
    const user = await session()
    const post = () =>
      t.api({
        method: 'POST',
        url: '/marketplace/fill-reports',
        headers: user.headers,
        payload: report(),
      })
    for (let i = 0; i < 120; i++) expect((await post()).statusCode).toBe(201)
    const refused = await post()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect((await stored()).reports).toHaveLength(120)
  })
})

async function swapApp(env: Record<string, string>): Promise<TestApp> {
  await t.close()
  return createTestApp(env)
}
