import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const message = {
  name: 'Ann Agent',
  email: 'Ann@Example.com',
  phone: '',
  company: '',
  subject: 'Question about listings',
  message: 'Can I convert\nrental listings too?',
}

async function counts(app: TestApp): Promise<{ contacts: number; outbox: number }> {
  const contacts = await app.ctx.db.selectFrom('contact_messages').select('id').execute()
  const outbox = await app.ctx.db.selectFrom('outbox').select('id').execute()
  return { contacts: contacts.length, outbox: outbox.length }
}

function post(app: TestApp, payload: unknown, remoteAddress?: string) {
  return app.api({
    method: 'POST',
    url: '/users/contact-us',
    payload: payload as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

describe('POST /users/contact-us', () => {
  it('stores the message and queues one e-mail to support with the sender as reply-to', async () => {
    t = await createTestApp()
    const res = await post(t, message)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'success', message: 'Email sent successfully.', data: {} })

    const rows = await t.ctx.db.selectFrom('contact_messages').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: 'Ann Agent',
      email: 'Ann@Example.com',
      phone: null,
      company: null,
      subject: 'Question about listings',
      message: 'Can I convert\nrental listings too?',
      created_at: t.clock().toISOString(),
    })
    expect(rows[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/)

    const mails = await t.ctx.db.selectFrom('outbox').selectAll().execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      kind: 'contact',
      to_address: 'support@listingbridge.app',
      reply_to: 'Ann@Example.com',
      subject: '[ListingBridge contact] Question about listings',
      sent_at: null,
    })
    expect(mails[0]?.text_body).toContain('Can I convert\nrental listings too?')
    expect(mails[0]?.text_body).toContain('From: Ann Agent <Ann@Example.com>')
    expect(mails[0]?.html_body).toContain('ListingBridge')
  })

  it('goes to the configured support address and keeps phone and company when given', async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@agency.example' })
    const res = await post(t, { ...message, phone: '+1 415 555 0123', company: 'Acme Realty' })
    expect(res.statusCode).toBe(200)
    const row = await t.ctx.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ phone: '+1 415 555 0123', company: 'Acme Realty' })
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(mail.to_address).toBe('help@agency.example')
    expect(mail.text_body).toContain('Company: Acme Realty')
  })

  it('answers 409 for the same e-mail, subject and message within 24 hours, writing nothing', async () => {
    t = await createTestApp()
    expect((await post(t, message)).statusCode).toBe(200)

    t.clock.advance(23 * 3600)
    // The e-mail's case does not make it a new message.
    const again = await post(t, { ...message, email: 'ann@example.com' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      status: 'error',
      message: 'An email has already been sent. Please check your inbox.',
    })
    expect(await counts(t)).toEqual({ contacts: 1, outbox: 1 })

    // A different message is a new one.
    expect((await post(t, { ...message, message: 'And sales?' })).statusCode).toBe(200)
    expect(await counts(t)).toEqual({ contacts: 2, outbox: 2 })

    // After 24 hours the same message may be sent again.
    t.clock.advance(3600 + 1)
    expect((await post(t, message)).statusCode).toBe(200)
    expect(await counts(t)).toEqual({ contacts: 3, outbox: 3 })
  })

  it('keeps line breaks in the subject out of the e-mail header', async () => {
    t = await createTestApp()
    const res = await post(t, { ...message, subject: 'Hi\r\nBcc: victim@example.com\nX: y' })
    expect(res.statusCode).toBe(200)
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(mail.subject).toBe('[ListingBridge contact] Hi Bcc: victim@example.com X: y')
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it.each([
    [
      'a missing message',
      { ...message, message: undefined },
      400,
      'message',
      'Message is required',
    ],
    ['a blank subject', { ...message, subject: '   ' }, 400, 'subject', 'Subject is required'],
    ['a missing name', { ...message, name: undefined }, 400, 'name', 'Name is required'],
    ['a bad e-mail', { ...message, email: 'ann@example' }, 400, 'email', 'Invalid email address'],
    ['an unknown field', { ...message, admin: true }, 400, 'admin', 'Unknown field: admin'],
  ])(
    'refuses %s with a 400 envelope and writes nothing',
    async (_what, body, status, field, text) => {
      t = await createTestApp()
      const res = await post(t, body)
      expect(res.statusCode).toBe(status)
      expect(res.json()).toMatchObject({ status: 'error', errors: { fields: { [field]: text } } })
      expect(await counts(t)).toEqual({ contacts: 0, outbox: 0 })
    },
  )

  it('refuses a 10 MB message in the envelope and writes nothing', async () => {
    t = await createTestApp()
    const res = await post(t, { ...message, message: 'x'.repeat(10 * 1024 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ status: 'error', message: 'The request body is too large.' })
    expect(await counts(t)).toEqual({ contacts: 0, outbox: 0 })
  })

  it('refuses a message over 5000 characters that fits the body limit', async () => {
    t = await createTestApp()
    const res = await post(t, { ...message, message: 'x'.repeat(5001) })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors?.fields?.message).toBe('Message must be at most 5000 characters long')
    expect(await counts(t)).toEqual({ contacts: 0, outbox: 0 })
  })

  it('limits messages per e-mail address', async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
    // A new address for every request, so only the per-e-mail limit (5 an hour) can trip.
    for (let i = 0; i < 5; i++) {
      const res = await post(t, { ...message, message: `Question ${i}` }, `10.0.0.${i + 1}`)
      expect(res.statusCode).toBe(200)
    }
    const res = await post(t, { ...message, message: 'Question 6' }, '10.0.1.1')
    expect(res.statusCode).toBe(429)
    expect(res.json().status).toBe('error')
    expect(res.json().message).toMatch(/^Too many attempts/)
    expect(res.headers['retry-after']).toBeDefined()
    expect(await counts(t)).toEqual({ contacts: 5, outbox: 5 })
    // Another sender is not affected.
    expect((await post(t, { ...message, email: 'bob@example.com' }, '10.0.1.2')).statusCode).toBe(
      200,
    )
  })

  it('limits messages per IP address', async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1' })
    // A new e-mail for every request, so only the per-IP limit (10 an hour) can trip.
    for (let i = 0; i < 10; i++) {
      const res = await post(t, { ...message, email: `user${i}@example.com` }, '192.0.2.7')
      expect(res.statusCode).toBe(200)
    }
    const res = await post(t, { ...message, email: 'user10@example.com' }, '192.0.2.7')
    expect(res.statusCode).toBe(429)
    expect(await counts(t)).toEqual({ contacts: 10, outbox: 10 })
    // The window passes (Retry-After says when: the hour, and at most a minute more).
    const retryAfter = Number(res.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(3600)
    expect(retryAfter).toBeLessThanOrEqual(3660)
    t.clock.advance(retryAfter)
    expect(
      (await post(t, { ...message, email: 'user11@example.com' }, '192.0.2.7')).statusCode,
    ).toBe(200)
  })
})
