import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ONE_TIME_TOKEN_SECONDS } from '../auth/one-time-tokens.ts'
import { createTestApp, loggedInUser, registerUser, type TestApp } from '../testing/test-app.ts'
import {
  EMAIL_TAKEN_MEANWHILE_MESSAGE,
  INVALID_EMAIL_CHANGE_LINK_MESSAGE,
} from './confirm-email-change.ts'
import { authHeader, lastMail, linkToken, login, type SignedIn } from './testing/account-data.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

/** Asks for the change and answers the link's token. */
async function askForChange(user: SignedIn, to: string): Promise<string> {
  const res = await t.api({
    method: 'PATCH',
    url: '/users/me',
    headers: authHeader(user),
    payload: { email: to, current_password: user.password },
  })
  expect(res.statusCode, res.body).toBe(200)
  return linkToken(t, to, 'email-change', 'confirm-email')
}

function confirm(token: string) {
  return t.api({ method: 'GET', url: `/users/confirm-email/${encodeURIComponent(token)}` })
}

async function emailOf(userId: string) {
  const row = await t.ctx.db
    .selectFrom('users')
    .select(['email', 'pending_email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row
}

describe('GET /users/confirm-email/:token', () => {
  it('makes the pending address the e-mail without a session, and tells the old address', async () => {
    const user = await loggedInUser(t)
    const token = await askForChange(user, 'moved@example.com')
    const res = await confirm(token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Your e-mail address was changed. Log in with the new address from now on.',
      data: { email: 'moved@example.com' },
    })
    expect(await emailOf(user.userId)).toEqual({ email: 'moved@example.com', pending_email: null })
    const notice = await lastMail(t, user.email, 'email-changed')
    expect(notice?.subject).toBe('Your ListingBridge e-mail address was changed')
    expect(notice?.user_id).toBe(user.userId)
    // The session stays: changing the address ends no session.
    const me = await t.api({ method: 'GET', url: '/users/me', headers: authHeader(user) })
    expect(me.json().data?.email).toBe('moved@example.com')
  })

  it('retires a password reset link mailed to the old address', async () => {
    const user = await loggedInUser(t)
    const requested = await t.api({
      method: 'POST',
      url: '/auth/reset-password-request',
      payload: { email: user.email, reset_form_url: `${t.ctx.config.siteUrl}/reset-password` },
    })
    expect(requested.statusCode).toBe(200)
    const resetMail = await lastMail(t, user.email, 'password-reset')
    const resetToken = /\?token=([\w-]+)/.exec(resetMail?.text_body ?? '')?.[1] ?? ''
    expect(resetToken).not.toBe('')

    expect((await confirm(await askForChange(user, 'away@example.com'))).statusCode).toBe(200)
    const reset = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: resetToken, new_password: 'Brand-New-Door-77' },
    })
    expect(reset.statusCode).toBe(400)
    expect((await login(t, 'away@example.com', user.password)).statusCode).toBe(200)
  })

  it('works once: the link followed again is refused', async () => {
    const user = await loggedInUser(t)
    const token = await askForChange(user, 'once@example.com')
    expect((await confirm(token)).statusCode).toBe(200)
    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(INVALID_EMAIL_CHANGE_LINK_MESSAGE)
  })

  it('expires after 24 hours, leaving the e-mail as it was', async () => {
    const user = await loggedInUser(t)
    const token = await askForChange(user, 'late@example.com')
    t.clock.advance(ONE_TIME_TOKEN_SECONDS['email-change'] + 1)
    const res = await confirm(token)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(INVALID_EMAIL_CHANGE_LINK_MESSAGE)
    expect((await emailOf(user.userId)).email).toBe(user.email)
  })

  it('refuses when another account took the address meanwhile; the change is over', async () => {
    const user = await loggedInUser(t)
    const token = await askForChange(user, 'wanted@example.com')
    await registerUser(t, { email: 'wanted@example.com' })
    const res = await confirm(token)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(EMAIL_TAKEN_MEANWHILE_MESSAGE)
    expect(await emailOf(user.userId)).toEqual({ email: user.email, pending_email: null })
    expect((await login(t, user.email, user.password)).statusCode).toBe(200)
    expect(await lastMail(t, user.email, 'email-changed')).toBeUndefined()
  })

  it('refuses unknown tokens and tokens of other links (verification, reset)', async () => {
    const fresh = await registerUser(t)
    for (const token of ['not-a-token', fresh.verifyToken]) {
      const res = await confirm(token)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(INVALID_EMAIL_CHANGE_LINK_MESSAGE)
    }
    // The verification token was not spent by the attempt.
    const verify = await t.api({ method: 'GET', url: `/auth/verify-email/${fresh.verifyToken}` })
    expect(verify.statusCode).toBe(200)
  })

  it('answers 400 for a token that cannot be one', async () => {
    const res = await confirm('x'.repeat(201))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.token).toBe('Invalid token')
  })
})
