import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { SESSION_ENDED_MESSAGE } from '../auth/authenticate.ts'
import { endAllSessions } from '../auth/sessions.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

describe('GET /users/me', () => {
  it('answers the user under data with trial_end and no subscription', async () => {
    const user = await loggedInUser(t, { name: 'Bob Broker', phoneNumber: '+442071838750' })
    const res = await t.api({
      method: 'GET',
      url: '/users/me',
      headers: {
        authorization: `Bearer ${user.accessToken}`,
        'ngrok-skip-browser-warning': 'true',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      _id: user.userId,
      full_name: 'Bob Broker',
      email: user.email,
      phone: '+442071838750',
      is_subscribed: false,
      subscription_expiry: null,
      subscription_state: null,
      trial_end: '2026-11-27T12:00:00.000Z',
      is_admin: false,
      agent_profile: null,
      pending_email: null,
    })
  })

  it('answers 401 in the envelope without a token, with a bad token, and with a foreign signature', async () => {
    const user = await loggedInUser(t)
    const none = await t.api({ method: 'GET', url: '/users/me' })
    expect(none.statusCode).toBe(401)
    expect(none.json().status).toBe('error')
    const bad = await t.api({
      method: 'GET',
      url: '/users/me',
      headers: { authorization: 'Bearer x.y.z' },
    })
    expect(bad.statusCode).toBe(401)
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setIssuer('listingbridge')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the server secret, but long enough'))
    const res = await t.api({
      method: 'GET',
      url: '/users/me',
      headers: { authorization: `Bearer ${forged}` },
    })
    expect(res.statusCode).toBe(401)
  })

  it('answers 401 for a token of a session that has ended, read in the same statement as the answer', async () => {
    const user = await loggedInUser(t)
    const headers = { authorization: `Bearer ${user.accessToken}` }
    expect((await t.api({ method: 'GET', url: '/users/me', headers })).statusCode).toBe(200)
    await endAllSessions(t.ctx.db, user.userId, t.clock)
    const ended = await t.api({ method: 'GET', url: '/users/me', headers })
    expect(ended.statusCode).toBe(401)
    expect(ended.json().message).toBe(SESSION_ENDED_MESSAGE)
  })

  it('answers is_admin for the e-mails ADMIN_EMAILS lists, in any case', async () => {
    await t.close()
    t = await createTestApp({ ADMIN_EMAILS: ' Ops@ListingBridge.app ,boss@example.com' })
    const isAdmin = async (email: string) => {
      const user = await loggedInUser(t, { email })
      const res = await t.api({
        method: 'GET',
        url: '/users/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      })
      expect(res.statusCode).toBe(200)
      return res.json().data?.is_admin
    }
    expect(await isAdmin('ops@listingbridge.app')).toBe(true)
    expect(await isAdmin('BOSS@example.com')).toBe(true)
    expect(await isAdmin('ann@example.com')).toBe(false)
  })
})
