import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WRONG_PASSWORD_MESSAGE } from '../auth/confirm-password.ts'
import { COMMON_PASSWORD_MESSAGE } from '../auth/passwords.ts'
import { limits } from '../auth/rate-limits.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { SAME_PASSWORD_MESSAGE } from './change-password.ts'
import { authHeader, lastMail, linkToken, login, type SignedIn } from './testing/account-data.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const NEW_PASSWORD = 'Harbor-Lights-2031'

function changePassword(user: SignedIn | undefined, payload: unknown, remoteAddress?: string) {
  return t.api({
    method: 'POST',
    url: '/users/change-password',
    headers: user ? authHeader(user) : {},
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function refresh(userId: string, refreshToken: string) {
  return t.api({
    method: 'POST',
    url: `/auth/refresh-token?user_id=${userId}`,
    headers: { authorization: `Bearer ${refreshToken}` },
  })
}

function me(accessToken: string) {
  return t.api({
    method: 'GET',
    url: '/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  })
}

describe('POST /users/change-password', () => {
  it('answers 401 without a session', async () => {
    const res = await changePassword(undefined, {
      current_password: 'x',
      new_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['nothing', {}, 'current_password', 'Password is required'],
    ['no new password', { current_password: 'x' }, 'new_password', 'Password is required'],
    [
      'a short new password',
      { current_password: 'x', new_password: 'short' },
      'new_password',
      'Password must be at least 8 characters long',
    ],
    [
      'an unknown field',
      { current_password: 'x', new_password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      'confirm',
      'Unknown field: confirm',
    ],
  ])('answers 400 for %s, with the field named', async (_what, payload, field, message) => {
    const user = await loggedInUser(t)
    const res = await changePassword(user, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.[field]).toBe(message)
  })

  it('refuses a wrong current password, a common new one, and the same one', async () => {
    const user = await loggedInUser(t)
    const wrong = await changePassword(user, {
      current_password: 'Not-My-Password-1',
      new_password: NEW_PASSWORD,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors?.fields).toEqual({ current_password: WRONG_PASSWORD_MESSAGE })

    const common = await changePassword(user, {
      current_password: user.password,
      new_password: 'password123',
    })
    expect(common.statusCode).toBe(400)
    expect(common.json().errors?.fields).toEqual({ new_password: COMMON_PASSWORD_MESSAGE })

    const same = await changePassword(user, {
      current_password: user.password,
      new_password: user.password,
    })
    expect(same.statusCode).toBe(400)
    expect(same.json().errors?.fields).toEqual({ new_password: SAME_PASSWORD_MESSAGE })

    // Nothing changed: the password and the session still work.
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
    expect((await me(user.accessToken)).statusCode).toBe(200)
  })

  it('ends every session, access tokens included, and answers a fresh one', async () => {
    const user = await loggedInUser(t)
    // The same agent signed in on another device.
    const other = (await login(t, user.email, user.password)).json().data ?? {}
    const otherAccess = String(other.access_token)
    const otherRefresh = String(other.refresh_token)
    expect((await me(otherAccess)).statusCode).toBe(200)

    const res = await changePassword(user, {
      current_password: user.password,
      new_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(
      'Your password was changed. Every other device has been logged out.',
    )
    const fresh = res.json().data ?? {}
    expect(Object.keys(fresh).sort()).toEqual(['access_token', 'refresh_token', 'user_id'])
    expect(fresh.user_id).toBe(user.userId)

    // The other device: its refresh token and its access token are refused at once.
    expect((await refresh(user.userId, otherRefresh)).statusCode).toBe(401)
    expect((await me(otherAccess)).statusCode).toBe(401)
    // The caller's own old tokens end too; the answered session replaces them.
    expect((await me(user.accessToken)).statusCode).toBe(401)
    expect((await refresh(user.userId, user.refreshToken)).statusCode).toBe(401)
    expect((await me(String(fresh.access_token))).statusCode).toBe(200)
    const rotated = await refresh(user.userId, String(fresh.refresh_token))
    expect(rotated.statusCode).toBe(200)
    expect((await me(String(rotated.json().data?.access_token))).statusCode).toBe(200)

    // The new password logs in, the old one does not.
    expect((await login(t, user.email, user.password)).statusCode).toBe(401)
    const again = await login(t, user.email, NEW_PASSWORD)
    expect(again.statusCode).toBe(200)
    expect((await me(String(again.json().data?.access_token))).statusCode).toBe(200)

    const notice = await lastMail(t, user.email, 'password-changed')
    expect(notice?.text_body).toContain('every other device was logged out')
  })

  it('calls off an e-mail change under way: its link cannot take the account afterwards', async () => {
    const user = await loggedInUser(t)
    // Someone who had the old password starts moving the account to their own address.
    const started = await t.api({
      method: 'PATCH',
      url: '/users/me',
      headers: authHeader(user),
      payload: { email: 'taker@example.com', current_password: user.password },
    })
    expect(started.statusCode).toBe(200)
    const token = await linkToken(t, 'taker@example.com', 'email-change', 'confirm-email')

    const res = await changePassword(user, {
      current_password: user.password,
      new_password: NEW_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    const followed = await t.api({ method: 'GET', url: `/users/confirm-email/${token}` })
    expect(followed.statusCode).toBe(400)
    const now = await me(String(res.json().data?.access_token))
    expect(now.json().data).toMatchObject({ email: user.email, pending_email: null })
  })

  it('counts wrong passwords against login’s limit for the account', async () => {
    await t.close()
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
    const user = await loggedInUser(t)
    // Spread over addresses so only the account's own limit can stop them; login's right
    // password counted nothing.
    for (let i = 0; i < limits.loginPerEmail.max; i++) {
      const res = await changePassword(
        user,
        { current_password: `Wrong-Guess-${i}`, new_password: NEW_PASSWORD },
        `10.1.0.${i}`,
      )
      expect(res.statusCode).toBe(400)
    }
    const held = await changePassword(
      user,
      { current_password: user.password, new_password: NEW_PASSWORD },
      '10.1.1.1',
    )
    expect(held.statusCode).toBe(429)
    expect(held.headers['retry-after']).toBe('2')
    // Login for the account is held back as well: one budget of guesses.
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.1.1.2',
    })
    expect(res.statusCode).toBe(429)
    // A delay, not a lock: once it has passed, the right password works.
    t.clock.advance(2)
    const changed = await changePassword(
      user,
      { current_password: user.password, new_password: NEW_PASSWORD },
      '10.1.1.1',
    )
    expect(changed.statusCode).toBe(200)
  })
})
