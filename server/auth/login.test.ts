import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jwtVerify } from 'jose'
import { createTestApp, registerUser, type TestApp } from '../testing/test-app.ts'
import { INVALID_CREDENTIALS_MESSAGE, UNVERIFIED_MESSAGE } from './login.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function verified(): Promise<Awaited<ReturnType<typeof registerUser>>> {
  const user = await registerUser(t, { name: 'Ann Marie Agent' })
  await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
  return user
}

describe('POST /auth/login', () => {
  it('answers tokens, the username and the user id for a verified account', async () => {
    const user = await verified()
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    })
    expect(res.statusCode).toBe(200)
    const data = res.json().data ?? {}
    expect(data.username).toBe('Ann Marie Agent')
    expect(data.user_id).toBe(user.userId)
    expect(data.refresh_token).toMatch(/^[\w-]{43}$/)

    const { payload, protectedHeader } = await jwtVerify(
      String(data.access_token),
      t.ctx.config.jwtSecret,
      {
        currentDate: t.clock(),
      },
    )
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload.sub).toBe(user.userId)
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(15 * 60)
  })

  it('answers 403 with a message that names the fix for an unverified e-mail', async () => {
    const user = await registerUser(t)
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(UNVERIFIED_MESSAGE)
  })

  it('does not say "unverified" to someone without the password', async () => {
    const user = await registerUser(t)
    const res = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'wrong password!' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(INVALID_CREDENTIALS_MESSAGE)
  })

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await verified()
    const wrong = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: 'wrong password!' },
    })
    const unknown = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong password!' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(unknown.body).toBe(wrong.body)
  })

  it('requires both fields', async () => {
    const res = await t.api({ method: 'POST', url: '/auth/login', payload: { email: 'a@b.co' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields).toEqual({ password: 'Password is required' })
  })
})
