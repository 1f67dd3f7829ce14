import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { SESSION_EXPIRED_MESSAGE } from './refresh-token.ts'
import { ROTATION_GRACE_SECONDS } from './refresh-tokens.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

function refresh(userId: string, token: string) {
  return t.api({
    method: 'POST',
    url: `/auth/refresh-token?user_id=${userId}`,
    headers: { authorization: `Bearer ${token}` },
  })
}

function me(accessToken: string) {
  return t.api({
    method: 'GET',
    url: '/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  })
}

describe('POST /auth/refresh-token', () => {
  it('rotates: answers a new access and refresh token, and the new access token works', async () => {
    const user = await loggedInUser(t)
    t.clock.advance(16 * 60)
    expect((await me(user.accessToken)).statusCode).toBe(401)

    const res = await refresh(user.userId, user.refreshToken)
    expect(res.statusCode).toBe(200)
    const data = res.json().data ?? {}
    expect(data.refresh_token).not.toBe(user.refreshToken)
    expect((await me(String(data.access_token))).statusCode).toBe(200)
  })

  it('reuse of a rotated-out token revokes the whole family', async () => {
    const user = await loggedInUser(t)
    const first = await refresh(user.userId, user.refreshToken)
    const second = String(first.json().data?.refresh_token)
    const access = String(first.json().data?.access_token)

    t.clock.advance(ROTATION_GRACE_SECONDS + 1)
    expect((await me(access)).statusCode).toBe(200)
    const replay = await refresh(user.userId, user.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().message).toBe(SESSION_EXPIRED_MESSAGE)

    // The thief's replay also ended the legitimate holder's newer token, and the session's
    // access tokens with it.
    expect((await refresh(user.userId, second)).statusCode).toBe(401)
    expect((await me(access)).statusCode).toBe(401)
  })

  it('two refreshes with one token at the same moment: one wins, the session lives on', async () => {
    const user = await loggedInUser(t)
    const winner = await refresh(user.userId, user.refreshToken)
    const loser = await refresh(user.userId, user.refreshToken)
    expect(winner.statusCode).toBe(200)
    expect(loser.statusCode).toBe(401)
    const next = String(winner.json().data?.refresh_token)
    expect((await refresh(user.userId, next)).statusCode).toBe(200)
  })

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const user = await loggedInUser(t)
    const login = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const otherDevice = String(login.json().data?.refresh_token)
    await refresh(user.userId, user.refreshToken)
    t.clock.advance(ROTATION_GRACE_SECONDS + 1)
    expect((await refresh(user.userId, user.refreshToken)).statusCode).toBe(401)
    expect((await refresh(user.userId, otherDevice)).statusCode).toBe(200)
  })

  it('fails after 30 days, for the wrong user id, without a bearer, and for garbage', async () => {
    const user = await loggedInUser(t)
    expect((await refresh('someone-else', user.refreshToken)).statusCode).toBe(401)
    expect((await refresh(user.userId, 'garbage')).statusCode).toBe(401)
    const noBearer = await t.api({
      method: 'POST',
      url: `/auth/refresh-token?user_id=${user.userId}`,
    })
    expect(noBearer.statusCode).toBe(401)
    expect(noBearer.json().message).toBe(SESSION_EXPIRED_MESSAGE)
    t.clock.advance(30 * 86_400 + 1)
    expect((await refresh(user.userId, user.refreshToken)).statusCode).toBe(401)
  })

  it('requires user_id in the query', async () => {
    const user = await loggedInUser(t)
    const res = await t.api({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: `Bearer ${user.refreshToken}` },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields).toHaveProperty('user_id')
  })
})

describe('POST /auth/logout', () => {
  it('revokes the session family; the refresh token no longer works', async () => {
    const user = await loggedInUser(t)
    const rotated = String(
      (await refresh(user.userId, user.refreshToken)).json().data?.refresh_token,
    )
    const res = await t.api({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: rotated },
    })
    expect(res.statusCode).toBe(200)
    expect((await refresh(user.userId, rotated)).statusCode).toBe(401)
  })

  it('ends that session’s access tokens at once, and no other session’s', async () => {
    const user = await loggedInUser(t)
    const rotated = (await refresh(user.userId, user.refreshToken)).json().data ?? {}
    // Another login of the same account (the phone, say) is another session.
    const login = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const other = String(login.json().data?.access_token)
    const endsWith = (token: string) =>
      Promise.all(
        ['/users/me', '/users/dashboard', '/users/transactions', '/listings'].map(async (url) => {
          const res = await t.api({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
          })
          return `${url} ${res.statusCode}`
        }),
      )
    const fine = [
      '/users/me 200',
      '/users/dashboard 200',
      '/users/transactions 200',
      '/listings 200',
    ]
    const ended = fine.map((line) => line.replace('200', '401'))
    expect(await endsWith(user.accessToken)).toEqual(fine)

    const res = await t.api({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: String(rotated.refresh_token) },
    })
    expect(res.statusCode).toBe(200)
    // Both the token from before the refresh and the one it gave, well within their 15 minutes.
    expect(await endsWith(user.accessToken)).toEqual(ended)
    expect(await endsWith(String(rotated.access_token))).toEqual(ended)
    expect((await me(user.accessToken)).json().message).toBe(
      'Your session has expired. Please log in again.',
    )
    expect(await endsWith(other)).toEqual(fine)
  })

  it('answers the same for an unknown token', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: 'nope' },
    })
    expect(res.statusCode).toBe(200)
  })
})
