import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FillOutcome, type FillReportsSummary } from '../../api/schemas/fill-reports.ts'
import { FORM_FIELD_KEYS, type FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'
import { newId } from '../db/ids.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'

const ADMIN = 'ops@listingbridge.app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `someone@example.com, ${ADMIN.toUpperCase()}` })
})
afterEach(async () => {
  await t.close()
})

async function session(email?: string) {
  const user = await loggedInUser(t, email ? { email } : {})
  return { ...user, headers: { authorization: `Bearer ${user.accessToken}` } }
}

type Fill = [FormFieldKey, FillOutcome, (string | null)?]

/** A report as the route stores it, made at `createdAt` (the test clock's "now" is 2026-11-20). */
async function insertReport(userId: string, createdAt: string, fills: Fill[]): Promise<void> {
  const id = newId()
  await t.ctx.db
    .insertInto('fill_reports')
    .values({
      id,
      user_id: userId,
      profile_version: '1',
      language: 'en',
      duration_ms: 1000,
      created_at: createdAt,
    })
    .execute()
  await t.ctx.db
    .insertInto('fill_report_fields')
    .values(
      fills.map(([field, outcome, label]) => ({
        report_id: id,
        field,
        outcome,
        label: label ?? null,
        created_at: createdAt,
      })),
    )
    .execute()
}

async function summary(headers: Record<string, string>, days?: number) {
  const res = await t.api({
    method: 'GET',
    url: `/admin/marketplace/fill-reports${days ? `?days=${days}` : ''}`,
    headers,
  })
  return { res, data: res.json().data as unknown as FillReportsSummary }
}

const fieldOf = (s: FillReportsSummary, field: FormFieldKey) => {
  const health = s.fields.find((f) => f.field === field)
  if (!health) throw new Error(`no ${field}`)
  return health
}

describe('GET /admin/marketplace/fill-reports', () => {
  it('counts per field and UTC day over the window, zero days included', async () => {
    const admin = await session(ADMIN)
    const other = await session()
    // Today is 2026-11-20; a 3-day window is 18, 19 and 20 November.
    await insertReport(other.userId, '2026-11-17T23:59:59.999Z', [['price', 'filled', 'Price']])
    await insertReport(other.userId, '2026-11-18T00:00:00.000Z', [
      ['price', 'filled', 'Price'],
      ['bedrooms', 'not_found'],
    ])
    await insertReport(admin.userId, '2026-11-18T22:00:00.000Z', [
      ['price', 'not_found'],
      ['bedrooms', 'taught', 'Beds'],
      ['laundry', 'no_option', 'Laundry'],
    ])
    await insertReport(other.userId, '2026-11-20T09:30:00.000Z', [
      ['price', 'taught', 'Asking price'],
      ['bedrooms', 'taught', 'Beds'],
      ['laundry', 'failed', 'Laundry'],
    ])
    await insertReport(other.userId, '2026-11-20T11:00:00.000Z', [
      ['bedrooms', 'taught', 'Bedrooms (new)'],
    ])

    const { res, data } = await summary(admin.headers, 3)
    expect(res.statusCode).toBe(200)
    expect(data.days).toBe(3)
    expect(data.reports).toBe(4)
    expect(data.fields.map((f) => f.field)).toEqual([...FORM_FIELD_KEYS])

    // A fill by a taught label ("Asking price") is not a healthy one: the profile lacks it.
    expect(fieldOf(data, 'price')).toEqual({
      field: 'price',
      fills: 3,
      filled: 1,
      not_found: 1,
      rate: 1 / 3,
      per_day: [
        { date: '2026-11-18', fills: 2, filled: 1, not_found: 1 },
        { date: '2026-11-19', fills: 0, filled: 0, not_found: 0 },
        { date: '2026-11-20', fills: 1, filled: 0, not_found: 0 },
      ],
      // The last fills count whenever they were: the 17 November one too.
      recent: { fills: 4, filled: 2, rate: 0.5 },
      alert: true,
      taught_labels: [{ label: 'Asking price', count: 1 }],
    })
    const bedrooms = fieldOf(data, 'bedrooms')
    expect(bedrooms).toMatchObject({ fills: 4, filled: 0, not_found: 1, rate: 0 })
    expect(bedrooms.taught_labels).toEqual([
      { label: 'Beds', count: 2 },
      { label: 'Bedrooms (new)', count: 1 },
    ])
    expect(fieldOf(data, 'laundry')).toMatchObject({
      fills: 2,
      filled: 0,
      not_found: 0,
      rate: 0,
      recent: { fills: 2, filled: 0, rate: 0 },
      alert: true,
      taught_labels: [],
    })
    // A field no fill named: zeros every day, no rate and no alert.
    expect(fieldOf(data, 'parking')).toEqual({
      field: 'parking',
      fills: 0,
      filled: 0,
      not_found: 0,
      rate: null,
      per_day: ['2026-11-18', '2026-11-19', '2026-11-20'].map((date) => ({
        date,
        fills: 0,
        filled: 0,
        not_found: 0,
      })),
      recent: { fills: 0, filled: 0, rate: null },
      alert: false,
      taught_labels: [],
    })

    // The default window is 14 days and takes in the 17 November report.
    const wide = await summary(admin.headers)
    expect(wide.data.days).toBe(14)
    expect(wide.data.reports).toBe(5)
    expect(fieldOf(wide.data, 'price').per_day).toHaveLength(14)
    expect(fieldOf(wide.data, 'price').per_day[0]?.date).toBe('2026-11-07')
    expect(fieldOf(wide.data, 'price').fills).toBe(4)
  })

  it("alerts when under 90 % of a field's last 50 fills worked", async () => {
    const admin = await session(ADMIN)
    const start = Date.parse('2026-10-01T00:00:00.000Z')
    const at = (i: number) => new Date(start + i * 3_600_000).toISOString()
    // Older failures beyond the last 50 do not count.
    for (let i = 0; i < 20; i++)
      await insertReport(admin.userId, at(i), [
        ['price', 'not_found'],
        ['photos', 'not_found'],
      ])
    // The last 50: price 44 filled, 6 failed; photos 45 filled, 5 failed; bedrooms 48 filled but
    // 3 of them by a label agents taught (the profile lacks it): 45 healthy.
    for (let i = 0; i < 50; i++) {
      await insertReport(admin.userId, at(20 + i), [
        ['price', i < 6 ? 'not_found' : 'filled', i < 6 ? null : 'Price'],
        ['photos', i < 5 ? 'no_option' : 'filled', 'Photos'],
        [
          'bedrooms',
          i < 2 ? 'not_found' : i < 5 ? 'taught' : 'filled',
          i < 2 ? null : i < 5 ? 'How many bedrooms' : 'Bedrooms',
        ],
      ])
    }
    const { data } = await summary(admin.headers, 90)
    const price = fieldOf(data, 'price')
    expect(price.recent).toEqual({ fills: 50, filled: 44, rate: 0.88 })
    expect(price.alert).toBe(true)
    expect(price).toMatchObject({ fills: 70, filled: 44, not_found: 26 })
    const photos = fieldOf(data, 'photos')
    expect(photos.recent).toEqual({ fills: 50, filled: 45, rate: 0.9 })
    expect(photos.alert).toBe(false)
    // A fill by a taught label is not a healthy one: 45 of 50, no alert yet, and the label shown.
    const bedrooms = fieldOf(data, 'bedrooms')
    expect(bedrooms.recent).toEqual({ fills: 50, filled: 45, rate: 0.9 })
    expect(bedrooms.taught_labels).toEqual([{ label: 'How many bedrooms', count: 3 }])
    expect(data.reports).toBe(70)
  })

  it('answers 403 with a clear message to a user who is not an operator', async () => {
    const user = await session()
    const { res } = await summary(user.headers)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe("Only operators can see the form's health.")
  })

  it('answers 401 without a login and 400 for a window out of range', async () => {
    const none = await t.api({ method: 'GET', url: '/admin/marketplace/fill-reports' })
    expect(none.statusCode).toBe(401)
    const admin = await session(ADMIN)
    for (const days of ['0', '91', 'x']) {
      const res = await t.api({
        method: 'GET',
        url: `/admin/marketplace/fill-reports?days=${days}`,
        headers: admin.headers,
      })
      expect(res.statusCode).toBe(400)
    }
  })
})
