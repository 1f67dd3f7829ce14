import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PASSWORD, createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const valid = {
  name: 'Ann Agent',
  email: 'Ann.Agent@Example.com',
  phoneNumber: '+14155550123',
  password: PASSWORD,
}

async function count(table: 'users' | 'outbox' | 'one_time_tokens'): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('POST /auth/register', () => {
  it('creates the account with a 7-day trial, a hashed password and a verification e-mail', async () => {
    const res = await t.api({ method: 'POST', url: '/auth/register', payload: valid })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.status).toBe('success')
    expect(body.data?.email).toBe('ann.agent@example.com')

    const user = await t.ctx.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    expect(user.email).toBe('ann.agent@example.com')
    expect(user.phone).toBe('+14155550123')
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user.email_verified_at).toBeNull()
    expect(user.trial_end).toBe('2026-11-27T12:00:00.000Z')

    const mail = await t.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(mail.kind).toBe('verify-email')
    expect(mail.to_address).toBe('ann.agent@example.com')
    expect(mail.text_body).toMatch(/http:\/\/localhost:5173\/verify-email\/[\w-]{43}/)
    expect(mail.html_body).toContain('ListingBridge')

    // Only the hash of the verification token is stored.
    const token = /verify-email\/([\w-]+)/.exec(mail.text_body)?.[1] ?? ''
    const stored = await t.ctx.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toContain(token)
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('answers 409 for an e-mail that exists, whatever its case, and writes nothing', async () => {
    await t.api({ method: 'POST', url: '/auth/register', payload: valid })
    const before = [await count('users'), await count('outbox')]
    const res = await t.api({
      method: 'POST',
      url: '/auth/register',
      payload: { ...valid, email: 'ANN.AGENT@example.COM' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'An account with this email already exists.',
      errors: { message: 'An account with this email already exists.' },
    })
    expect([await count('users'), await count('outbox')]).toEqual(before)
  })

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ email: 'ann@example' }, 'email', 'Invalid email address'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ phoneNumber: '4155550123' }, 'phoneNumber', 'Invalid phone number'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters long'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters long'],
    [
      { password: 'password123' },
      'password',
      'This password is too common and easy to guess. Please choose a different one.',
    ],
  ])('refuses %o with a message on %s', async (change, field, message) => {
    const res = await t.api({
      method: 'POST',
      url: '/auth/register',
      payload: { ...valid, ...change },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.[field]).toBe(message)
    expect(await count('users')).toBe(0)
    expect(await count('outbox')).toBe(0)
  })
})
