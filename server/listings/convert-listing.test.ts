import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { PERMISSION_REQUIRED_MESSAGE } from '../../api/listing-permission.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { agentSession, apiCalls, renewSession, setAgentProfile } from './testing/agent-session.ts'
import { sampleConversion, sampleListing } from './testing/sample-listing.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof agentSession>>

function convert(user: Session, payload: object) {
  return t.api({ method: 'POST', url: '/listings/convert', headers: user.headers, payload })
}

interface ConvertData {
  listing_id: string
  draft: Record<string, unknown>
  metered: boolean
}

function listingRows() {
  return t.ctx.db.selectFrom('listings').selectAll().orderBy('id').execute()
}

describe('POST /listings/convert', () => {
  it('answers the Marketplace draft, stores the listing with the answer and counts one API call', async () => {
    const user = await agentSession(t)
    const res = await convert(user, sampleConversion())
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Your Marketplace draft is ready.')
    const data = res.json().data as unknown as ConvertData
    expect(data.metered).toBe(true)
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

    const [stored, ...more] = await listingRows()
    expect(more).toHaveLength(0)
    const now = t.clock().toISOString()
    expect(stored).toMatchObject({
      id: data.listing_id,
      user_id: user.userId,
      source: 'zillow',
      source_id: '15192198',
      address: '661 Lakeview Ave, San Francisco, CA 94112',
      price: 850000,
      listing_type: 'sale',
      photo_count: 20,
      created_at: now,
      converted_at: now,
      metered_at: now,
      permission_basis: 'broker_permission',
      permission_confirmed_at: now,
      permission_listing_agent: 'Wong Real Estate Grp',
      permission_brokerage: 'KW Advisors',
      photo_url: 'https://photos.zillowstatic.com/fp/photo-1-cc_ft_1536.jpg',
      bedrooms: 2,
      bathrooms: 1,
      living_area_sqft: 900,
    })
    expect(JSON.parse(String(stored?.data))).toEqual(sampleListing())
    expect(JSON.parse(String(stored?.draft))).toEqual(data.draft)
    expect(await apiCalls(t, user.userId)).toBe(1)

    const dashboard = await t.api({ method: 'GET', url: '/users/dashboard', headers: user.headers })
    expect(dashboard.json().data?.total_api_calls).toBe(1)
  })

  it('answers 402 with a message naming the fix once the trial is over, and counts nothing', async () => {
    const user = await agentSession(t)
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
      payload: sampleConversion(),
    })
    expect(res.statusCode).toBe(402)
    expect(res.json().message).toBe(
      'Your 7-day free trial has ended. Choose a plan on the Pricing page to keep converting listings.',
    )
    expect(await apiCalls(t, user.userId)).toBe(0)
    expect(await listingRows()).toHaveLength(0)
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
    const user = await agentSession(t)
    const res = await convert(user, sampleConversion(change))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(message)
    expect(await apiCalls(t, user.userId)).toBe(0)
    expect(await listingRows()).toHaveLength(0)
  })

  it('takes a listing of every source, and refuses a source it does not know', async () => {
    const user = await agentSession(t)
    const rental = sampleConversion({
      source: 'redfin',
      source_id: '6639373',
      url: 'https://www.redfin.com/CA/La-Quinta/80819-Calle-Azul-92253/home/6639373',
      photos: ['https://ssl.cdn-redfin.com/photo/rent/a9a361ef/bigphoto/0.jpg'],
      listing_status: 'for_rent',
      price: 7500,
      date_available: '2026-12-15',
    })
    const res = await convert(user, rental)
    expect(res.statusCode).toBe(200)
    expect(res.json().data?.draft).toMatchObject({
      listing_type: 'rent',
      price: 7500,
      date_available: '2026-12-15',
    })

    const unknown = await convert(user, {
      ...sampleConversion(),
      listing: { ...sampleListing(), source: 'trulia' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(await apiCalls(t, user.userId)).toBe(1)
  })

  it("refuses photos from anywhere but the listing site's photo host (the extension downloads them)", async () => {
    const user = await agentSession(t)
    const res = await convert(
      user,
      sampleConversion({
        photos: ['https://photos.zillowstatic.com/fp/a.jpg', 'https://192.168.1.1/router.jpg'],
      }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.['listing.photos']).toBe(
      "Photos must come from the listing site's own photo host",
    )
    // A Redfin listing's photos are Redfin's, not Zillow's.
    const mixed = await convert(user, sampleConversion({ source: 'redfin' }))
    expect(mixed.statusCode).toBe(400)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it('takes a listing from an extension built before move-in and sale dates existed', async () => {
    const user = await agentSession(t)
    const older: Partial<NormalizedListing> = sampleListing()
    delete older.date_available
    delete older.sold_date
    const res = await convert(user, { listing: older, permission: { basis: 'broker_permission' } })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a body without the permission answer, or a bare listing, storing nothing', async () => {
    const user = await agentSession(t)
    const unanswered = await convert(user, { listing: sampleListing(), permission: {} })
    expect(unanswered.statusCode).toBe(400)
    expect(unanswered.json().message).toBe(PERMISSION_REQUIRED_MESSAGE)
    const missing = await convert(user, { listing: sampleListing() })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors?.fields).toHaveProperty('permission', PERMISSION_REQUIRED_MESSAGE)
    // As an extension built before the question sent it.
    const bare = await convert(user, sampleListing())
    expect(bare.statusCode).toBe(400)
    expect(await listingRows()).toHaveLength(0)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it('requires a login', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/listings/convert',
      payload: sampleConversion(),
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /listings/convert: whose listing it is', () => {
  it('asks for the agent profile first when the agent says the listing is their own', async () => {
    const user = await agentSession(t)
    const res = await convert(user, sampleConversion({}, 'own_listing'))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(/^Add your agent profile in Settings first/)
    expect(await listingRows()).toHaveLength(0)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it('refuses "my listing" when the page names someone else, saying whom it names', async () => {
    const user = await agentSession(t)
    await setAgentProfile(t, user.userId, { listing_name: 'Jane Smith', brokerage: 'Acme Realty' })
    const res = await convert(user, sampleConversion({}, 'own_listing'))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(
      "This listing names Wong Real Estate Grp of KW Advisors, not Jane Smith of Acme Realty as in your agent profile. Convert it with the listing broker's permission, or correct your profile in Settings.",
    )
    // The same agent at another brokerage is not enough; neither is a page naming no agent.
    await setAgentProfile(t, user.userId, { brokerage: 'Compass' })
    expect((await convert(user, sampleConversion({}, 'own_listing'))).statusCode).toBe(422)
    await setAgentProfile(t, user.userId, {})
    const noAgent = await convert(user, sampleConversion({ listing_agent: null }, 'own_listing'))
    expect(noAgent.statusCode).toBe(422)
    expect(noAgent.json().message).toMatch(/^This listing names KW Advisors but no listing agent,/)
    expect(await listingRows()).toHaveLength(0)
    expect(await apiCalls(t, user.userId)).toBe(0)
  })

  it("takes the agent's own listing, names matched loosely, and signs the draft with the profile", async () => {
    const user = await agentSession(t)
    await setAgentProfile(t, user.userId, {
      listing_name: 'WONG REAL ESTATE GRP',
      brokerage: 'KW Advisors, Inc.',
      license_number: '01234567',
      license_state: 'CA',
    })
    const res = await convert(user, sampleConversion({}, 'own_listing'))
    expect(res.statusCode).toBe(200)
    const data = res.json().data as unknown as ConvertData
    expect(String(data.draft.description)).toMatch(
      /\n\nListed by WONG REAL ESTATE GRP of KW Advisors, Inc\. \(CA License #01234567\)\.$/,
    )
    expect(String(data.draft.description)).not.toContain('Listing courtesy of')
    const [stored] = await listingRows()
    expect(stored).toMatchObject({
      permission_basis: 'own_listing',
      permission_confirmed_at: t.clock().toISOString(),
      // As the page names them: what the agent answered about.
      permission_listing_agent: 'Wong Real Estate Grp',
      permission_brokerage: 'KW Advisors',
    })
  })

  it("credits the broker when the agent converts with the broker's permission, profile or not", async () => {
    const user = await agentSession(t)
    await setAgentProfile(t, user.userId, { listing_name: 'Jane Smith', brokerage: 'Acme Realty' })
    const res = await convert(user, sampleConversion({}, 'broker_permission'))
    expect(res.statusCode).toBe(200)
    expect(String((res.json().data as unknown as ConvertData).draft.description)).toMatch(
      /Listing courtesy of Wong Real Estate Grp of KW Advisors\.$/,
    )
    const [stored] = await listingRows()
    expect(stored?.permission_basis).toBe('broker_permission')
  })
})

describe('POST /listings/convert: one row per listing, counted once per 24 hours', () => {
  it('converting again updates the same row and is not counted within 24 hours', async () => {
    const user = await agentSession(t)
    const first = (await convert(user, sampleConversion())).json().data as unknown as ConvertData
    const firstAt = t.clock().toISOString()

    t.clock.advance(3600)
    await renewSession(t, user)
    await setAgentProfile(t, user.userId, {})
    const again = await convert(user, sampleConversion({ price: 825000 }, 'own_listing'))
    expect(again.statusCode).toBe(200)
    expect(again.json().message).toBe('Your Marketplace draft is ready.')
    const data = again.json().data as unknown as ConvertData
    expect(data.listing_id).toBe(first.listing_id)
    expect(data.metered).toBe(false)
    expect(data.draft.price).toBe(825000)

    const rows = await listingRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: first.listing_id,
      price: 825000,
      created_at: firstAt,
      converted_at: t.clock().toISOString(),
      metered_at: firstAt,
      permission_basis: 'own_listing',
      permission_confirmed_at: t.clock().toISOString(),
    })
    expect(JSON.parse(String(rows[0]?.data))).toMatchObject({ price: 825000 })
    expect(JSON.parse(String(rows[0]?.draft))).toEqual(data.draft)
    expect(await apiCalls(t, user.userId)).toBe(1)
  })

  it('counts again 24 hours after the last counted conversion, not after the last conversion', async () => {
    const user = await agentSession(t)
    const meteredAt = async () =>
      (await t.ctx.db.selectFrom('listings').select('metered_at').executeTakeFirstOrThrow())
        .metered_at
    const metered = async () => {
      await renewSession(t, user)
      return ((await convert(user, sampleConversion())).json().data as unknown as ConvertData)
        .metered
    }

    const start = t.clock().toISOString()
    expect(await metered()).toBe(true)
    t.clock.advance(23 * 3600)
    expect(await metered()).toBe(false)
    t.clock.advance(3600 - 1)
    expect(await metered()).toBe(false)
    expect(await meteredAt()).toBe(start)
    expect(await apiCalls(t, user.userId)).toBe(1)

    t.clock.advance(1)
    expect(await metered()).toBe(true)
    expect(await meteredAt()).toBe(t.clock().toISOString())
    expect(await apiCalls(t, user.userId)).toBe(2)
    t.clock.advance(3600)
    expect(await metered()).toBe(false)
    expect(await apiCalls(t, user.userId)).toBe(2)
    expect(await listingRows()).toHaveLength(1)
  })

  it('keeps a row per listing: another source, another listing and another user are apart', async () => {
    const user = await agentSession(t)
    const other = await agentSession(t)
    const bodies = [
      sampleConversion(),
      sampleConversion({ source_id: '15192199' }),
      sampleConversion({
        source: 'realtor',
        photos: ['https://ap.rdcpix.com/p0.jpg'],
        url: 'https://www.realtor.com/realestateandhomes-detail/x_M15192198',
      }),
    ]
    for (const body of bodies) {
      const res = await convert(user, body)
      expect((res.json().data as unknown as ConvertData).metered).toBe(true)
    }
    const theirs = await convert(other, sampleConversion())
    expect((theirs.json().data as unknown as ConvertData).metered).toBe(true)
    expect(await listingRows()).toHaveLength(4)
    expect(await apiCalls(t, user.userId)).toBe(3)
    expect(await apiCalls(t, other.userId)).toBe(1)
  })

  it('two conversions of a new listing at once store one row and count once', async () => {
    const user = await agentSession(t)
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => convert(user, sampleConversion())),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200])
    const data = answers.map((res) => res.json().data as unknown as ConvertData)
    expect(data.filter((d) => d.metered)).toHaveLength(1)
    expect(new Set(data.map((d) => d.listing_id)).size).toBe(1)
    expect(await listingRows()).toHaveLength(1)
    expect(await apiCalls(t, user.userId)).toBe(1)

    // Past the window, simultaneous conversions of the stored listing count once too.
    t.clock.advance(25 * 3600)
    await renewSession(t, user)
    const later = await Promise.all(
      Array.from({ length: 4 }, () => convert(user, sampleConversion())),
    )
    expect(later.map((res) => (res.json().data as unknown as ConvertData).metered).sort()).toEqual([
      false,
      false,
      false,
      true,
    ])
    expect(await apiCalls(t, user.userId)).toBe(2)
  })
})
