import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { sampleListing } from './testing/sample-listing.ts'

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

async function usage(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('api_usage_daily')
    .select('count')
    .where('user_id', '=', userId)
    .execute()
  return rows.reduce((sum, r) => sum + r.count, 0)
}

describe('POST /listings/convert', () => {
  it('answers the Marketplace draft, stores the conversion and counts one API call', async () => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: sampleListing(),
    })
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { listing_id: string; draft: Record<string, unknown> }
    expect(data.draft).toMatchObject({
      listing_type: 'sale',
      property_type: 'House',
      bedrooms: 2,
      bathrooms: 1,
      price: 850000,
      square_feet: 900,
    })
    expect(data.draft.photos).toHaveLength(20)
    expect(String(data.draft.description)).toMatch(
      /Listing courtesy of Wong Real Estate Grp of KW Advisors\.$/,
    )

    const stored = await t.ctx.db.selectFrom('listings').selectAll().executeTakeFirstOrThrow()
    expect(stored.id).toBe(data.listing_id)
    expect(stored.user_id).toBe(user.userId)
    expect(JSON.parse(stored.data)).toEqual(sampleListing())
    expect(await usage(user.userId)).toBe(1)

    const dashboard = await t.api({ method: 'GET', url: '/users/dashboard', headers: user.headers })
    expect(dashboard.json().data?.total_api_calls).toBe(1)
  })

  it('answers 402 with a message naming the fix once the trial is over, and counts nothing', async () => {
    const user = await session()
    t.clock.advance(8 * 86_400)
    // The access token expired with the clock; a fresh login gives a valid one.
    const login = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const headers = { authorization: `Bearer ${String(login.json().data?.access_token)}` }
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers,
      payload: sampleListing(),
    })
    expect(res.statusCode).toBe(402)
    expect(res.json().message).toBe(
      'Your 7-day free trial has ended. Choose a plan on the Pricing page to keep converting listings.',
    )
    expect(await usage(user.userId)).toBe(0)
    expect(await t.ctx.db.selectFrom('listings').select('id').execute()).toHaveLength(0)
  })

  it.each([
    [
      { listing_status: 'sold' as const, sold_date: '2026-01-09' },
      'This home sold on January 9, 2026: there is nothing to advertise.',
    ],
    [{ listing_status: 'sold' as const }, 'This home sold: there is nothing to advertise.'],
    [
      { listing_status: 'off_market' as const },
      'This home is off the market: there is nothing to advertise.',
    ],
    [{ price: null }, /no price/],
  ])('refuses %o with 422 and a clear message, writing nothing', async (change, message) => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: sampleListing(change),
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(message)
    expect(await usage(user.userId)).toBe(0)
  })

  it('takes a listing of every source, and refuses a source it does not know', async () => {
    const user = await session()
    const rental = sampleListing({
      source: 'redfin',
      source_id: '6639373',
      url: 'https://www.redfin.com/CA/La-Quinta/80819-Calle-Azul-92253/home/6639373',
      photos: ['https://ssl.cdn-redfin.com/photo/rent/a9a361ef/bigphoto/0.jpg'],
      listing_status: 'for_rent',
      price: 7500,
      date_available: '2026-12-15',
    })
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: rental,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data?.draft).toMatchObject({
      listing_type: 'rent',
      price: 7500,
      date_available: '2026-12-15',
    })

    const unknown = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: { ...sampleListing(), source: 'trulia' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(await usage(user.userId)).toBe(1)
  })

  it("refuses photos from anywhere but the listing site's photo host (the extension downloads them)", async () => {
    const user = await session()
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: sampleListing({
        photos: ['https://photos.zillowstatic.com/fp/a.jpg', 'https://192.168.1.1/router.jpg'],
      }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.photos).toBe(
      "Photos must come from the listing site's own photo host",
    )
    // A Redfin listing's photos are Redfin's, not Zillow's.
    const mixed = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: sampleListing({ source: 'redfin' }),
    })
    expect(mixed.statusCode).toBe(400)
    expect(await usage(user.userId)).toBe(0)
  })

  it('takes a listing from an extension built before move-in and sale dates existed', async () => {
    const user = await session()
    const older: Partial<NormalizedListing> = sampleListing()
    delete older.date_available
    delete older.sold_date
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: user.headers,
      payload: older,
    })
    expect(res.statusCode).toBe(200)
  })

  it('requires a login', async () => {
    const res = await t.api({ method: 'POST', url: '/listings/convert', payload: sampleListing() })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /listings', () => {
  it('lists only the caller’s conversions, newest first, a page at a time', async () => {
    const user = await session()
    const other = await session()
    const sources = {
      '1': ['zillow', 'https://photos.zillowstatic.com/fp/p'],
      '2': ['realtor', 'https://ap.rdcpix.com/p'],
      '3': ['redfin', 'https://ssl.cdn-redfin.com/photo/p'],
    } as const
    for (const [id, [source, photo]] of Object.entries(sources)) {
      t.clock.advance(60)
      const res = await t.api({
        method: 'POST',
        url: '/listings/convert',
        headers: user.headers,
        payload: sampleListing({
          source,
          source_id: id,
          url: `https://www.zillow.com/homedetails/x/${id}_zpid/`,
          photos: Array.from({ length: 24 }, (_, i) => `${photo}${i}.jpg`),
        }),
      })
      expect(res.statusCode).toBe(200)
    }
    await t.api({
      method: 'POST',
      url: '/listings/convert',
      headers: other.headers,
      payload: sampleListing(),
    })

    const first = await t.api({
      method: 'GET',
      url: '/listings?page_size=2',
      headers: user.headers,
    })
    expect(first.statusCode).toBe(200)
    const page1 = first.json().data as {
      items: { source: string; source_id: string; photo_count: number }[]
      total: number
    }
    expect(page1.total).toBe(3)
    expect(page1.items.map((i) => [i.source_id, i.source])).toEqual([
      ['3', 'redfin'],
      ['2', 'realtor'],
    ])
    expect(page1.items[0]?.photo_count).toBe(20)
    const second = await t.api({
      method: 'GET',
      url: '/listings?page=2&page_size=2',
      headers: user.headers,
    })
    expect(
      (second.json().data as { items: { source_id: string }[] }).items.map((i) => i.source_id),
    ).toEqual(['1'])

    const bad = await t.api({ method: 'GET', url: '/listings?page=0', headers: user.headers })
    expect(bad.statusCode).toBe(400)
  })
})
