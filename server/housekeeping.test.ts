import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD, createTestApp, loggedInUser, type TestApp } from './testing/test-app.ts'
import { CRM_ATTEMPT_RETENTION_DAYS, pruneExpired } from './housekeeping.ts'
import { FILL_REPORT_LIMITS } from '../api/schemas/fill-reports.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const count = async (table: 'rate_limit_windows' | 'refresh_tokens' | 'one_time_tokens') =>
  (await t.ctx.db.selectFrom(table).selectAll().execute()).length

describe('pruneExpired', () => {
  it('drops old rate-limit windows and expired tokens, and keeps live ones', async () => {
    const user = await loggedInUser(t)
    await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
    })
    expect(await count('rate_limit_windows')).toBeGreaterThan(0)
    await pruneExpired(t.ctx)
    expect(await count('refresh_tokens')).toBe(2)
    expect(await count('one_time_tokens')).toBe(1)

    t.clock.advance(31 * 86_400)
    await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
    })
    await pruneExpired(t.ctx)
    // The fresh login's token and window stay; everything older is gone.
    expect(await count('refresh_tokens')).toBe(1)
    expect(await count('one_time_tokens')).toBe(0)
    // Only rows whose hits still count are left: the fresh login's.
    const windows = await t.ctx.db
      .selectFrom('rate_limit_windows')
      .select(['key', 'counts_until_ms'])
      .execute()
    expect(windows.length).toBeGreaterThan(0)
    expect(windows.every((w) => w.counts_until_ms > t.clock().getTime())).toBe(true)
  })

  it('keeps the CRM delivery log for 90 days', async () => {
    const user = await loggedInUser(t)
    const daysAgo = (days: number) =>
      new Date(t.clock().getTime() - days * 86_400_000).toISOString()
    const attempt = (id: string, createdAt: string, deliveryId = `delivery-${id}`) => ({
      id,
      delivery_id: deliveryId,
      user_id: user.userId,
      target: 'webhook' as const,
      url: 'https://crm.example.com/hook',
      attempt: 1,
      lead_count: 1,
      status_code: 200,
      error: null,
      succeeded: 1,
      created_at: createdAt,
    })
    const cutoff = t.clock().getTime() - CRM_ATTEMPT_RETENTION_DAYS * 86_400_000
    const around = (seconds: number) => new Date(cutoff + seconds * 1000).toISOString()
    await t.ctx.db
      .insertInto('lead_crm_attempts')
      .values([
        attempt('old', daysAgo(CRM_ATTEMPT_RETENTION_DAYS + 1)),
        attempt('recent', daysAgo(CRM_ATTEMPT_RETENTION_DAYS - 1)),
        // One delivery whose attempts straddle the cutoff: kept whole, not cut in half.
        attempt('straddle-1', around(-2), 'straddle'),
        attempt('straddle-2', around(1), 'straddle'),
        // One delivery wholly older: gone whole.
        attempt('gone-1', around(-3), 'gone'),
        attempt('gone-2', around(-1), 'gone'),
      ])
      .execute()
    await pruneExpired(t.ctx)
    const left = await t.ctx.db.selectFrom('lead_crm_attempts').select('id').orderBy('id').execute()
    expect(left.map((r) => r.id)).toEqual(['recent', 'straddle-1', 'straddle-2'])
  })

  it('drops finished CRM deliveries after 90 days, never one still queued', async () => {
    const user = await loggedInUser(t)
    const daysAgo = (days: number) =>
      new Date(t.clock().getTime() - days * 86_400_000).toISOString()
    const delivery = (id: string, status: 'queued' | 'sent' | 'failed', days: number) => ({
      id,
      user_id: user.userId,
      export_id: id,
      target: 'webhook' as const,
      payload: status === 'sent' ? null : '{"leads":[]}',
      lead_count: 1,
      status,
      next_attempt_at: daysAgo(days),
      locked_until: null,
      last_status: null,
      last_error: null,
      created_at: daysAgo(days),
      finished_at: status === 'queued' ? null : daysAgo(days),
    })
    const old = CRM_ATTEMPT_RETENTION_DAYS + 1
    await t.ctx.db
      .insertInto('crm_deliveries')
      .values([
        delivery('old-sent', 'sent', old),
        delivery('old-failed', 'failed', old),
        delivery('old-queued', 'queued', old),
        delivery('recent', 'sent', CRM_ATTEMPT_RETENTION_DAYS - 1),
      ])
      .execute()
    await pruneExpired(t.ctx)
    const left = await t.ctx.db.selectFrom('crm_deliveries').select('id').orderBy('id').execute()
    expect(left.map((r) => r.id)).toEqual(['old-queued', 'recent'])
  })

  it(`keeps fill reports for ${FILL_REPORT_LIMITS.retentionDays} days`, async () => {
    const user = await loggedInUser(t)
    const daysAgo = (days: number) =>
      new Date(t.clock().getTime() - days * 86_400_000).toISOString()
    for (const [id, days] of [
      ['old', FILL_REPORT_LIMITS.retentionDays + 1],
      ['recent', FILL_REPORT_LIMITS.retentionDays - 1],
    ] as const) {
      await t.ctx.db
        .insertInto('fill_reports')
        .values({
          id,
          user_id: user.userId,
          profile_version: '1',
          language: null,
          duration_ms: 900,
          created_at: daysAgo(days),
        })
        .execute()
      await t.ctx.db
        .insertInto('fill_report_fields')
        .values({
          report_id: id,
          field: 'price',
          outcome: 'filled',
          label: 'Price',
          created_at: daysAgo(days),
        })
        .execute()
    }
    await pruneExpired(t.ctx)
    const reports = await t.ctx.db.selectFrom('fill_reports').select('id').execute()
    expect(reports.map((r) => r.id)).toEqual(['recent'])
    const fields = await t.ctx.db.selectFrom('fill_report_fields').select('report_id').execute()
    expect(fields.map((r) => r.report_id)).toEqual(['recent'])
  })
})
