import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { agentSession } from './testing/agent-session.ts'
import { sampleConversion } from './testing/sample-listing.ts'

let t: TestApp
let session: Awaited<ReturnType<typeof agentSession>>
beforeAll(async () => {
  t = await createTestApp()
  session = await agentSession(t)
})
afterAll(async () => {
  await t.close()
})

// Found by the route fuzz test: "2026-02-30" passed a plain YYYY-MM-DD pattern, and naming a
// sold listing's date then threw (500).
describe('POST /listings/convert with days that do not exist', () => {
  it.each([
    ['sold_date', { listing_status: 'sold' as const, sold_date: '2026-02-30' }],
    ['sold_date', { listing_status: 'sold' as const, sold_date: '1908-54-40' }],
    ['date_available', { listing_status: 'for_rent' as const, date_available: '2026-13-01' }],
  ])('refuses an impossible %s with 400 and stores nothing', async (field, overrides) => {
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: session.headers,
      payload: sampleConversion(overrides),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields).toEqual({
      [`listing.${field}`]: 'Dates must be real days, YYYY-MM-DD',
    })
    const stored = await t.ctx.db.selectFrom('listings').select('id').execute()
    expect(stored).toEqual([])
  })

  it('still takes a leap day', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: session.headers,
      payload: sampleConversion({ listing_status: 'sold', sold_date: '2024-02-29' }),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(
      'This home sold on February 29, 2024: there is nothing to advertise.',
    )
  })
})
