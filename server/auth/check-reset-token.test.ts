import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { INVALID_RESET_LINK_MESSAGE } from './reset-password.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

/** Asks for a reset link and answers its token, read from the mail the outbox holds. */
async function resetToken(email: string): Promise<string> {
  const asked = await t.api({
    method: 'POST',
    url: '/auth/reset-password-request',
    payload: { email, reset_form_url: 'http://localhost:5173/reset-password' },
  })
  expect(asked.statusCode).toBe(200)
  const mail = await t.ctx.db
    .selectFrom('outbox')
    .select('text_body')
    .where('kind', '=', 'password-reset')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const token = /\?token=([\w-]+)/.exec(mail.text_body)?.[1]
  if (!token) throw new Error('no reset link in the mail')
  return token
}

const check = (token: string) => t.api({ method: 'GET', url: `/auth/reset-password/${token}` })

describe('GET /auth/reset-password/:token (the reset page checks its link on load)', () => {
  it('answers valid for a live link, without using it: the reset still works afterwards', async () => {
    const user = await loggedInUser(t)
    const token = await resetToken(user.email)
    for (let i = 0; i < 2; i++) {
      const res = await check(token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'success', data: { valid: true } })
    }
    const reset = await t.api({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { pass_reset_token: token, new_password: 'Brand-New-Door-77' },
    })
    expect(reset.statusCode).toBe(200)

    // Used: the same link now reads as invalid.
    const used = await check(token)
    expect(used.statusCode).toBe(410)
    expect(used.json().message).toBe(INVALID_RESET_LINK_MESSAGE)
  })

  it('answers 410 with the same message for an unknown, an expired and a replaced link', async () => {
    const user = await loggedInUser(t)
    const first = await resetToken(user.email)
    const second = await resetToken(user.email) // a new link retires the older one
    const answers = [await check('not-a-real-token'), await check(first)]
    t.clock.advance(3600) // reset links live an hour
    answers.push(await check(second))
    for (const res of answers) {
      expect(res.statusCode).toBe(410)
      expect(res.json()).toEqual({
        status: 'error',
        message: INVALID_RESET_LINK_MESSAGE,
        errors: { message: INVALID_RESET_LINK_MESSAGE },
      })
    }
  })

  it('refuses a token longer than any link holds with a clear 400', async () => {
    const res = await check('x'.repeat(201))
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Invalid token')
  })
})
