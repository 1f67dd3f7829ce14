import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConvertedListingSummary } from '../../api/schemas/listings.ts'
import type { ListingsTable } from '../db/schema.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { agentSession } from './testing/agent-session.ts'
import { sampleConversion, sampleListing } from './testing/sample-listing.ts'
import { storedListingRow } from './testing/stored-listing-row.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof agentSession>>

interface ListingsPage {
  items: ConvertedListingSummary[]
  page: number
  page_size: number
  total: number
}

async function list(user: Session, query = ''): Promise<ListingsPage> {
  const res = await t.api({ method: 'GET', url: `/listings${query}`, headers: user.headers })
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`)
  return res.json().data as unknown as ListingsPage
}

async function convert(user: Session, body: ReturnType<typeof sampleConversion>): Promise<string> {
  const res = await t.api({
    method: 'POST',
    url: '/listings/convert',
    headers: user.headers,
    payload: body,
  })
  if (res.statusCode !== 200) throw new Error(`convert failed: ${res.body}`)
  return String(res.json().data?.listing_id)
}

async function insertRows(rows: ListingsTable[]): Promise<void> {
  // Within SQLite's and PostgreSQL's limits on bound values per statement.
  for (let i = 0; i < rows.length; i += 200) {
    await t.ctx.db
      .insertInto('listings')
      .values(rows.slice(i, i + 200))
      .execute()
  }
}

const realtorPhoto = (n: number) => `https://ap.rdcpix.com/p${n}.jpg`
const redfinPhoto = (n: number) => `https://ssl.cdn-redfin.com/photo/p${n}.jpg`

describe('GET /listings', () => {
  it('lists the caller’s listings last converted first, with what the page shows of each', async () => {
    const user = await agentSession(t)
    const other = await agentSession(t)
    const firstAt = t.clock().toISOString()
    const zillow = await convert(user, sampleConversion())
    t.clock.advance(60)
    const realtor = await convert(
      user,
      sampleConversion(
        {
          source: 'realtor',
          source_id: '2',
          url: 'https://www.realtor.com/realestateandhomes-detail/x_M2',
          photos: [realtorPhoto(1), realtorPhoto(2)],
          bedrooms: null,
          bathrooms: 2.5,
          living_area_sqft: null,
        },
        'broker_permission',
      ),
    )
    t.clock.advance(60)
    const rental = await convert(
      user,
      sampleConversion({
        source: 'redfin',
        source_id: '3',
        url: 'https://www.redfin.com/CA/x/home/3',
        photos: [],
        listing_status: 'for_rent',
        price: 4200,
      }),
    )
    await convert(other, sampleConversion({ source_id: '99' }))

    const page = await list(user)
    expect(page.total).toBe(3)
    expect(page.items.map((i) => i._id)).toEqual([rental, realtor, zillow])
    expect(page.items[2]).toEqual({
      _id: zillow,
      source: 'zillow',
      source_id: '15192198',
      url: sampleListing().url,
      address: '661 Lakeview Ave, San Francisco, CA 94112',
      price: 850000,
      listing_type: 'sale',
      photo_count: 20,
      photo_url: 'https://photos.zillowstatic.com/fp/photo-1-cc_ft_1536.jpg',
      bedrooms: 2,
      bathrooms: 1,
      living_area_sqft: 900,
      created_at: firstAt,
      converted_at: firstAt,
      permission: {
        basis: 'broker_permission',
        confirmed_at: firstAt,
        listing_agent: 'Wong Real Estate Grp',
        brokerage: 'KW Advisors',
      },
    })
    expect(page.items[1]).toMatchObject({
      photo_url: realtorPhoto(1),
      bedrooms: null,
      bathrooms: 2.5,
      living_area_sqft: null,
    })
    expect(page.items[0]).toMatchObject({ listing_type: 'rent', price: 4200, photo_url: null })

    // Converting the first again moves it to the top, first converted when it was.
    t.clock.advance(60)
    await convert(user, sampleConversion())
    const again = await list(user)
    expect(again.total).toBe(3)
    expect(again.items.map((i) => i._id)).toEqual([zillow, rental, realtor])
    expect(again.items[0]).toMatchObject({
      created_at: firstAt,
      converted_at: t.clock().toISOString(),
    })
    // So does Fill again.
    t.clock.advance(60)
    await t.api({ method: 'POST', url: `/listings/${realtor}/fill-again`, headers: user.headers })
    expect((await list(user)).items.map((i) => i._id)).toEqual([realtor, zillow, rental])

    expect((await list(other)).items.map((i) => i.source_id)).toEqual(['99'])
  })

  it('shows no permission on a listing stored before the question was asked', async () => {
    const user = await agentSession(t)
    await insertRows([
      storedListingRow(user.userId, 'old-row', sampleListing(), '2026-01-01T00:00:00.000Z'),
    ])
    const page = await list(user)
    expect(page.items[0]).toMatchObject({ _id: 'old-row', permission: null })
  })

  it('pages through a thousand listings: each once, in order, the total right, past the end empty', async () => {
    const user = await agentSession(t)
    const other = await agentSession(t)
    const start = Date.parse('2026-06-01T00:00:00.000Z')
    const rows: ListingsTable[] = []
    for (let i = 0; i < 1000; i++) {
      // Three listings a second: ties in converted_at are ordered by id.
      const at = new Date(start + Math.floor(i / 3) * 1000).toISOString()
      const listing = sampleListing({ source_id: String(100000 + i) })
      rows.push(storedListingRow(user.userId, `listing-${String(i).padStart(4, '0')}`, listing, at))
    }
    rows.push(
      storedListingRow(other.userId, 'theirs', sampleListing(), new Date(start).toISOString()),
    )
    await insertRows(rows)

    const seen: ConvertedListingSummary[] = []
    for (let page = 1; page <= 10; page++) {
      const result = await list(user, `?page=${page}&page_size=100`)
      expect(result.total).toBe(1000)
      expect(result.items).toHaveLength(100)
      seen.push(...result.items)
    }
    const ids = seen.map((item) => item._id)
    expect(new Set(ids).size).toBe(1000)
    expect(ids).not.toContain('theirs')
    // Newest first, and by id descending among listings converted the same second.
    const expected = rows
      .filter((row) => row.user_id === user.userId)
      .sort((a, b) =>
        a.converted_at === b.converted_at
          ? b.id.localeCompare(a.id)
          : b.converted_at.localeCompare(a.converted_at),
      )
      .map((row) => row.id)
    expect(ids).toEqual(expected)

    const past = await list(user, '?page=11&page_size=100')
    expect(past).toEqual({ items: [], page: 11, page_size: 100, total: 1000 })
    // The default page size.
    const first = await list(user)
    expect(first.items).toHaveLength(20)
    expect(first.items.map((i) => i._id)).toEqual(expected.slice(0, 20))
  })

  describe('search and filters', () => {
    let user: Session
    const ids: Record<string, string> = {}

    beforeEach(async () => {
      user = await agentSession(t)
      ids.sf = await convert(user, sampleConversion())
      t.clock.advance(1)
      ids.canon = await convert(
        user,
        sampleConversion({
          source: 'realtor',
          source_id: '5550001',
          url: 'https://www.realtor.com/realestateandhomes-detail/x_M5550001',
          photos: [realtorPhoto(1)],
          address: { street: '12 Élan Court', city: 'Cañon City', state: 'CO', zip: '81212' },
          listing_agent: { name: 'José Núñez' },
          broker: { name: 'Peña & Sons Realty, LLC' },
        }),
      )
      t.clock.advance(1)
      ids.rent = await convert(
        user,
        sampleConversion({
          source: 'redfin',
          source_id: '777',
          url: 'https://www.redfin.com/NY/Brooklyn/home/777',
          photos: [redfinPhoto(1)],
          listing_status: 'for_rent',
          price: 3100,
          address: { street: '100% Pure Lane', city: 'Brooklyn', state: 'NY', zip: null },
          listing_agent: { name: 'Ann_Lee' },
          broker: { name: 'Back\\Slash Realty' },
        }),
      )
    })

    const found = async (query: string) => (await list(user, query)).items.map((i) => i._id)

    it('finds by any part of the address, in any case', async () => {
      expect(await found('?q=lakeview')).toEqual([ids.sf])
      expect(await found('?q=SAN%20FRANCISCO')).toEqual([ids.sf])
      expect(await found('?q=661%20Lakeview%20Ave.,%20San%20Francisco')).toEqual([ids.sf])
      expect(await found('?q=94112')).toEqual([ids.sf])
      expect(await found('?q=81212')).toEqual([ids.canon])
      expect(await found('?q=ny')).toEqual([ids.rent])
      expect(await found('?q=brooklyn')).toEqual([ids.rent])
      expect(await found('?q=%20%20')).toEqual([ids.rent, ids.canon, ids.sf])
    })

    it('finds by source id, listing agent and brokerage', async () => {
      expect(await found('?q=15192198')).toEqual([ids.sf])
      expect(await found('?q=5550001')).toEqual([ids.canon])
      expect(await found('?q=wong%20real')).toEqual([ids.sf])
      expect(await found('?q=kw%20advisors')).toEqual([ids.sf])
      // Every word must match, each anywhere.
      expect(await found('?q=wong%20brooklyn')).toEqual([])
    })

    it('matches accents either way, as SQLite cannot on its own', async () => {
      expect(await found('?q=canon')).toEqual([ids.canon])
      expect(await found(`?q=${encodeURIComponent('CAÑON')}`)).toEqual([ids.canon])
      expect(await found(`?q=${encodeURIComponent('ÉLAN')}`)).toEqual([ids.canon])
      expect(await found('?q=jose%20nunez')).toEqual([ids.canon])
      expect(await found(`?q=${encodeURIComponent('peña & sons')}`)).toEqual([ids.canon])
    })

    it("takes LIKE's wildcards and its escape character literally", async () => {
      expect(await found('?q=%25')).toEqual([ids.rent])
      expect(await found('?q=100%25')).toEqual([ids.rent])
      expect(await found('?q=_')).toEqual([ids.rent])
      expect(await found('?q=ann_lee')).toEqual([ids.rent])
      expect(await found('?q=annxlee')).toEqual([])
      expect(await found('?q=%5C')).toEqual([ids.rent])
      // Ending in the escape character: literal, not an error (PostgreSQL refuses a pattern so).
      expect(await found('?q=back%5C')).toEqual([ids.rent])
      expect(await found('?q=back%5Cslash')).toEqual([ids.rent])
      expect(await found('?q=%5C%5C')).toEqual([])
    })

    it('narrows by source and listing type, with the search, and counts what it finds', async () => {
      expect(await found('?source=realtor')).toEqual([ids.canon])
      expect(await found('?listing_type=rent')).toEqual([ids.rent])
      expect(await found('?listing_type=sale')).toEqual([ids.canon, ids.sf])
      expect(await found('?listing_type=sale&source=zillow&q=lakeview')).toEqual([ids.sf])
      expect(await found('?listing_type=rent&q=lakeview')).toEqual([])
      const page = await list(user, '?listing_type=sale&page_size=1&page=2')
      expect(page.total).toBe(2)
      expect(page.items.map((i) => i._id)).toEqual([ids.sf])
    })

    it("never finds another user's listings", async () => {
      const other = await agentSession(t)
      expect(await list(other, '?q=lakeview')).toMatchObject({ items: [], total: 0 })
      expect(await list(other)).toMatchObject({ items: [], total: 0 })
    })
  })

  it.each([
    ['?page=0', 'page starts at 1'],
    ['?page=x', 'page must be a number'],
    ['?page_size=101', 'page_size must be at most 100'],
    ['?source=trulia', 'Unknown listing source'],
    ['?listing_type=lease', 'listing_type must be sale or rent'],
    [`?q=${'a'.repeat(201)}`, 'The search text is too long'],
    ['?sort=price', 'Unknown field: sort'],
  ])('answers 400 for %s', async (query, message) => {
    const user = await agentSession(t)
    const res = await t.api({ method: 'GET', url: `/listings${query}`, headers: user.headers })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('requires a login', async () => {
    const res = await t.api({ method: 'GET', url: '/listings' })
    expect(res.statusCode).toBe(401)
  })
})
