import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { agentSession, apiCalls, renewSession, setAgentProfile } from './testing/agent-session.ts'
import { sampleConversion, sampleListing } from './testing/sample-listing.ts'
import { toMarketplaceDraft } from './to-marketplace-draft.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof agentSession>>

interface ConvertData {
  listing_id: string
  draft: Record<string, unknown>
  metered: boolean
}

async function converted(user: Session, body = sampleConversion()): Promise<string> {
  const res = await t.api({
    method: 'POST',
    url: '/listings/convert',
    headers: user.headers,
    payload: body,
  })
  if (res.statusCode !== 200) throw new Error(`convert failed: ${res.body}`)
  return (res.json().data as unknown as ConvertData).listing_id
}

function fillAgain(headers: Record<string, string>, id: string) {
  return t.api({ method: 'POST', url: `/listings/${id}/fill-again`, headers })
}

function storedRow(id: string) {
  return t.ctx.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('POST /listings/:id/fill-again', () => {
  it('answers a fresh draft of the stored listing, counted once per 24 hours like a conversion', async () => {
    const user = await agentSession(t)
    const id = await converted(user)
    const createdAt = t.clock().toISOString()

    t.clock.advance(2 * 3600)
    await renewSession(t, user)
    const res = await fillAgain(user.headers, id)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Your Marketplace draft is ready.')
    expect(res.json().data).toEqual({
      listing_id: id,
      draft: toMarketplaceDraft(sampleListing()),
      metered: false,
    })
    expect(await storedRow(id)).toMatchObject({
      created_at: createdAt,
      converted_at: t.clock().toISOString(),
      metered_at: createdAt,
      permission_basis: 'broker_permission',
      permission_confirmed_at: createdAt,
    })
    expect(await apiCalls(t, user.userId)).toBe(1)

    t.clock.advance(22 * 3600)
    await renewSession(t, user)
    const counted = await fillAgain(user.headers, id)
    expect((counted.json().data as unknown as ConvertData).metered).toBe(true)
    expect((await storedRow(id)).metered_at).toBe(t.clock().toISOString())
    expect(await apiCalls(t, user.userId)).toBe(2)
    expect(await t.ctx.db.selectFrom('listings').select('id').execute()).toHaveLength(1)
  })

  it("rebuilds the draft with today's converter from the stored listing, and stores it", async () => {
    const user = await agentSession(t)
    const id = await converted(user)
    // A draft stored by an older converter (a wrong property type, a lost description).
    const stale = { ...toMarketplaceDraft(sampleListing()), property_type: null, description: '' }
    await t.ctx.db
      .updateTable('listings')
      .set({ draft: JSON.stringify(stale) })
      .where('id', '=', id)
      .execute()

    const res = await fillAgain(user.headers, id)
    const draft = (res.json().data as unknown as ConvertData).draft
    expect(draft).toEqual(toMarketplaceDraft(sampleListing()))
    expect(draft.property_type).toBe('House')
    expect(JSON.parse((await storedRow(id)).draft)).toEqual(draft)
  })

  it("signs the agent's own listing with the profile while the page's names still match it", async () => {
    const user = await agentSession(t)
    await setAgentProfile(t, user.userId, { license_number: null })
    const id = await converted(user, sampleConversion({}, 'own_listing'))

    const signed = await fillAgain(user.headers, id)
    expect(String((signed.json().data as unknown as ConvertData).draft.description)).toMatch(
      /\n\nListed by Wong Real Estate Grp of KW Advisors\.$/,
    )

    // Moved to another brokerage: the listing is credited to the page's broker, as anyone's is.
    await setAgentProfile(t, user.userId, { brokerage: 'Compass' })
    const credited = await fillAgain(user.headers, id)
    expect(credited.statusCode).toBe(200)
    expect(String((credited.json().data as unknown as ConvertData).draft.description)).toMatch(
      /\n\nListing courtesy of Wong Real Estate Grp of KW Advisors\.$/,
    )
    expect((await storedRow(id)).permission_basis).toBe('own_listing')
  })

  it('credits the broker on a listing stored before the permission question', async () => {
    const user = await agentSession(t)
    await setAgentProfile(t, user.userId, {})
    const id = await converted(user)
    await t.ctx.db
      .updateTable('listings')
      .set({
        permission_basis: null,
        permission_confirmed_at: null,
        permission_listing_agent: null,
        permission_brokerage: null,
      })
      .where('id', '=', id)
      .execute()
    const res = await fillAgain(user.headers, id)
    expect(res.statusCode).toBe(200)
    expect(String((res.json().data as unknown as ConvertData).draft.description)).toMatch(
      /Listing courtesy of Wong Real Estate Grp of KW Advisors\.$/,
    )
    expect((await storedRow(id)).permission_basis).toBeNull()
  })

  it("answers 404 for another user's listing or an unknown id, changing nothing", async () => {
    const owner = await agentSession(t)
    const stranger = await agentSession(t)
    const id = await converted(owner)
    const before = await storedRow(id)
    t.clock.advance(25 * 3600)
    await renewSession(t, stranger)
    for (const target of [id, 'no-such-listing']) {
      const res = await fillAgain(stranger.headers, target)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('This listing is not in your account.')
    }
    expect(await storedRow(id)).toEqual(before)
    expect(await apiCalls(t, owner.userId)).toBe(1)
    expect(await apiCalls(t, stranger.userId)).toBe(0)
  })

  it('answers 402 once the trial is over, counting and changing nothing', async () => {
    const user = await agentSession(t)
    const id = await converted(user)
    const before = await storedRow(id)
    t.clock.advance(8 * 86_400)
    const login = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const headers = { authorization: `Bearer ${String(login.json().data?.access_token)}` }
    const res = await fillAgain(headers, id)
    expect(res.statusCode).toBe(402)
    expect(res.json().message).toMatch(/free trial has ended/)
    expect(await storedRow(id)).toEqual(before)
    expect(await apiCalls(t, user.userId)).toBe(1)
  })

  it('requires a login, and refuses an over-long id or a body', async () => {
    const user = await agentSession(t)
    const id = await converted(user)
    expect((await fillAgain({}, id)).statusCode).toBe(401)
    const long = await fillAgain(user.headers, 'x'.repeat(101))
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toBe('Invalid listing id')
    const withBody = await t.api({
      method: 'POST',
      url: `/listings/${id}/fill-again`,
      headers: user.headers,
      payload: { draft: {} },
    })
    expect(withBody.statusCode).toBe(400)
  })
})
