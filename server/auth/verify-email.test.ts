import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, type TestApp } from '../testing/test-app.ts'
import { RESEND_MESSAGE } from './resend-verification.ts'
import { INVALID_VERIFY_LINK_MESSAGE } from './verify-email.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function verifiedAt(userId: string): Promise<string | null> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.email_verified_at
}

describe('GET /auth/verify-email/:token', () => {
  it('verifies once with data.status "success", then fails', async () => {
    const user = await registerUser(t)
    const first = await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toEqual({ status: 'success' })
    expect(await verifiedAt(user.userId)).toBe(t.clock().toISOString())

    const second = await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
    expect(second.statusCode).toBe(400)
    expect(second.json()).toMatchObject({ status: 'error', message: INVALID_VERIFY_LINK_MESSAGE })
  })

  it('fails after 24 hours', async () => {
    const user = await registerUser(t)
    t.clock.advance(24 * 3600 + 1)
    const res = await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
    expect(res.statusCode).toBe(400)
    expect(await verifiedAt(user.userId)).toBeNull()
  })

  it('fails for a made-up token', async () => {
    const res = await t.api({ method: 'GET', url: `/auth/verify-email/${'a'.repeat(43)}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(INVALID_VERIFY_LINK_MESSAGE)
  })
})

describe('POST /auth/resend-verification', () => {
  it('sends a new link that works and retires the old one', async () => {
    const user = await registerUser(t)
    t.clock.advance(60)
    const res = await t.api({
      method: 'POST',
      url: '/auth/resend-verification',
      payload: { email: user.email },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(RESEND_MESSAGE)
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'verify-email')
      .orderBy('created_at', 'desc')
      .execute()
    expect(mails).toHaveLength(2)
    const fresh = /verify-email\/([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? ''
    expect(fresh).not.toBe(user.verifyToken)

    const old = await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
    expect(old.statusCode).toBe(400)
    const ok = await t.api({ method: 'GET', url: `/auth/verify-email/${fresh}` })
    expect(ok.statusCode).toBe(200)
  })

  it('answers the same for unknown and already verified e-mails, and sends nothing', async () => {
    const user = await registerUser(t)
    await t.api({ method: 'GET', url: `/auth/verify-email/${user.verifyToken}` })
    const verified = await t.api({
      method: 'POST',
      url: '/auth/resend-verification',
      payload: { email: user.email },
    })
    const unknown = await t.api({
      method: 'POST',
      url: '/auth/resend-verification',
      payload: { email: 'nobody@example.com' },
    })
    expect(verified.statusCode).toBe(200)
    expect(unknown.body).toBe(verified.body)
    const mails = await t.ctx.db.selectFrom('outbox').select('id').execute()
    expect(mails).toHaveLength(1)
  })
})
