import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { authHeader, linkToken } from '../users/testing/account-data.ts'
import { RESET_REQUEST_MESSAGE } from './reset-password-request.ts'
import { INVALID_RESET_LINK_MESSAGE } from './reset-password.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ SITE_ORIGINS: 'https://app.listingbridge.app' })
})
afterEach(async () => {
  await t.close()
})

async function requestReset(email: string, formUrl = 'http://localhost:5173/reset-password') {
  return t.api({
    method: 'POST',
    url: '/auth/reset-password-request',
    payload: { email, reset_form_url: formUrl },
  })
}

async function lastResetLink(): Promise<string> {
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .select('text_body')
    .where('kind', '=', 'password-reset')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const link = /(https?:\/\/\S+\?token=[\w-]+)/.exec(mail.text_body)?.[1]
  if (!link) throw new Error('no reset link')
  return link
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

describe('password reset', () => {
  it('resets once, ends every session, and the new password logs in', async () => {
    const user = await loggedInUser(t)
    expect((await requestReset(user.email)).statusCode).toBe(200)
    const link = await lastResetLink()
    expect(link.startsWith('http://localhost:5173/reset-password?token=')).toBe(true)

    const reset = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: tokenOf(link), new_password: 'Brand-New-Door-77' },
    })
    expect(reset.statusCode).toBe(200)

    const again = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: tokenOf(link), new_password: 'Another-Door-88' },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(INVALID_RESET_LINK_MESSAGE)

    const refresh = await t.api({
      method: 'POST',
      url: `/auth/refresh-token?user_id=${user.userId}`,
      headers: { authorization: `Bearer ${user.refreshToken}` },
    })
    expect(refresh.statusCode).toBe(401)
    // Access tokens already issued end too, not only when their 15 minutes are up.
    const me = await t.api({
      method: 'GET',
      url: '/users/me',
      headers: { authorization: `Bearer ${user.accessToken}` },
    })
    expect(me.statusCode).toBe(401)

    const oldLogin = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    expect(oldLogin.statusCode).toBe(401)
    const newLogin = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'Brand-New-Door-77' },
    })
    expect(newLogin.statusCode).toBe(200)
  })

  it('calls off an e-mail change under way: its link cannot take the account afterwards', async () => {
    const user = await loggedInUser(t)
    // Someone who had the password starts moving the account to their own address.
    const started = await t.api({
      method: 'PATCH',
      url: '/users/me',
      headers: authHeader(user),
      payload: { email: 'taker@example.com', current_password: user.password },
    })
    expect(started.statusCode).toBe(200)
    const token = await linkToken(t, 'taker@example.com', 'email-change', 'confirm-email')

    await requestReset(user.email)
    const reset = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: {
        pass_reset_token: tokenOf(await lastResetLink()),
        new_password: 'Brand-New-Door-77',
      },
    })
    expect(reset.statusCode).toBe(200)

    const followed = await t.api({ method: 'GET', url: `/users/confirm-email/${token}` })
    expect(followed.statusCode).toBe(400)
    const account = await t.ctx.db
      .selectFrom('users')
      .select(['email', 'pending_email'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(account).toEqual({ email: user.email, pending_email: null })
  })

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const user = await loggedInUser(t)
    const known = await requestReset(user.email)
    const unknown = await requestReset('nobody@example.com')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    expect(known.json().message).toBe(RESET_REQUEST_MESSAGE)
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'password-reset')
      .execute()
    expect(mails).toHaveLength(1)
  })

  it('links only to site origins; a foreign form URL gets the configured site', async () => {
    const user = await loggedInUser(t)
    await requestReset(user.email, 'https://evil.example/reset-password')
    expect((await lastResetLink()).startsWith('http://localhost:5173/reset-password?token=')).toBe(
      true,
    )
    t.clock.advance(1)
    await requestReset(user.email, 'https://app.listingbridge.app/reset-password?x=1#y')
    expect(
      (await lastResetLink()).startsWith('https://app.listingbridge.app/reset-password?token='),
    ).toBe(true)
    // Our own origin but not the reset page, or not http(s): the configured site's page.
    for (const formUrl of [
      'https://app.listingbridge.app/sign-in',
      'https://user:secret@app.listingbridge.app/reset-password',
      'javascript:alert(1)//app.listingbridge.app/reset-password',
    ]) {
      t.clock.advance(1)
      expect((await requestReset(user.email, formUrl)).statusCode).toBe(200)
      expect(await lastResetLink()).toMatch(/^http:\/\/localhost:5173\/reset-password\?token=/)
    }
    // Not an absolute URL: refused by the schema before anything is sent.
    expect((await requestReset(user.email, '//evil.example/x')).statusCode).toBe(400)
  })

  it('expires after an hour', async () => {
    const user = await loggedInUser(t)
    await requestReset(user.email)
    const link = await lastResetLink()
    t.clock.advance(3601)
    const res = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: tokenOf(link), new_password: 'Brand-New-Door-77' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(INVALID_RESET_LINK_MESSAGE)
  })

  it('refuses a common or short password without spending the link', async () => {
    const user = await loggedInUser(t)
    await requestReset(user.email)
    const token = tokenOf(await lastResetLink())
    const common = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: token, new_password: 'iloveyou' },
    })
    expect(common.statusCode).toBe(400)
    expect(common.json().errors?.fields?.new_password).toMatch(/too common/)
    const short = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: token, new_password: 'short' },
    })
    expect(short.json().errors?.fields?.new_password).toBe(
      'Password must be at least 8 characters long',
    )
    const ok = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: token, new_password: 'Brand-New-Door-77' },
    })
    expect(ok.statusCode).toBe(200)
  })

  it('a newer reset link retires the older one', async () => {
    const user = await loggedInUser(t)
    await requestReset(user.email)
    const first = tokenOf(await lastResetLink())
    t.clock.advance(1)
    await requestReset(user.email)
    const res = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: first, new_password: 'Brand-New-Door-77' },
    })
    expect(res.statusCode).toBe(400)
  })
})
