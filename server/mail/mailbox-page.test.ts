import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, type TestApp } from '../testing/test-app.ts'
import { createConsoleTransport } from './console-transport.ts'
import { linkify } from './mailbox-page.ts'
import { createMailSender } from './sender.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const hostile = {
  name: 'Mallory <b>bold</b>',
  email: 'mallory@example.com',
  subject: '<img src=x onerror=alert(1)>',
  message: 'Hi <script>alert("x")</script> & see https://evil.example/"><script>alert(2)</script>',
}

async function contact(app: TestApp, body: Record<string, string>) {
  const res = await app.api({ method: 'POST', url: '/users/contact-us', payload: body })
  expect(res.statusCode).toBe(200)
}

describe('/dev/mailbox', () => {
  it('lists every message newest first with working links and escaped user input', async () => {
    t = await createTestApp()
    const user = await registerUser(t, { email: 'ann@example.com' })
    t.clock.advance(60)
    await contact(t, hostile)

    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    // Helmet's policy stays: no inline scripts on this page.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    const html = res.body

    const link = `http://localhost:5173/verify-email/${user.verifyToken}`
    expect(html).toContain(`<a href="${link}">${link}</a>`)
    expect(html).toContain('ann@example.com')
    expect(html).toContain('Verify your e-mail for ListingBridge')
    expect(html).toContain('Reply-To</dt><dd>mallory@example.com')
    expect(html).toContain('Queued')

    // User input is text, never markup.
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html).not.toContain('<b>bold</b>')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('[ListingBridge contact] &lt;img src=x onerror=alert(1)&gt;')
    // A URL in user input is linked, but its quote cannot close the attribute.
    expect(html).toContain('<a href="https://evil.example/">https://evil.example/</a>&quot;&gt;')

    // Newest first: the contact message (a minute later) comes before the verification.
    expect(html.indexOf('[ListingBridge contact]')).toBeLessThan(
      html.indexOf('Verify your e-mail for ListingBridge'),
    )
  })

  it('shows the delivery state', async () => {
    t = await createTestApp()
    await contact(t, { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' })
    await createMailSender(
      t.ctx,
      createConsoleTransport(() => undefined),
    ).drainOnce()
    const html = (await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body
    expect(html).toContain(`Sent ${t.clock().toISOString()} (attempt 1)`)
    expect(html).not.toContain('Queued')
  })

  it('answers messages.json with the stable shape, newest first', async () => {
    t = await createTestApp()
    const user = await registerUser(t, { email: 'ann@example.com' })
    t.clock.advance(1)
    await contact(t, {
      name: 'Bob',
      email: 'bob@example.com',
      subject: 'Pricing',
      message: 'Do you offer team plans?',
    })

    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    const body = res.json<{ messages: Record<string, unknown>[] }>()
    expect(Object.keys(body)).toEqual(['messages'])
    expect(body.messages).toHaveLength(2)
    for (const m of body.messages) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'attempts',
          'created_at',
          'id',
          'kind',
          'reply_to',
          'sent_at',
          'subject',
          'text',
          'to',
        ].sort(),
      )
    }
    const [newest, oldest] = body.messages
    expect(newest).toMatchObject({
      kind: 'contact',
      to: 'support@listingbridge.app',
      reply_to: 'bob@example.com',
      subject: '[ListingBridge contact] Pricing',
      sent_at: null,
      attempts: 0,
      created_at: t.clock().toISOString(),
    })
    expect(newest?.text).toContain('Do you offer team plans?')
    expect(oldest).toMatchObject({
      kind: 'verify-email',
      to: 'ann@example.com',
      reply_to: null,
      subject: 'Verify your e-mail for ListingBridge',
    })
    expect(oldest?.text).toContain(`/verify-email/${user.verifyToken}`)
    expect(typeof oldest?.id).toBe('string')
  })

  it('does not exist in production', async () => {
    t = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(32) })
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages.json']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      const body = res.json<{ status: string; errors: { message: string } }>()
      expect(body.status).toBe('error')
      expect(body.errors.message).toBe(`No such endpoint: GET ${url}`)
    }
  })
})

describe('linkify', () => {
  it('links http(s) URLs without trailing punctuation and escapes the rest', () => {
    expect(linkify('Go to http://a.example/x?y=1&z=2. <Done>')).toBe(
      'Go to <a href="http://a.example/x?y=1&amp;z=2">http://a.example/x?y=1&amp;z=2</a>. &lt;Done&gt;',
    )
    expect(linkify('javascript:alert(1)')).toBe('javascript:alert(1)')
  })
})

describe('console transport', () => {
  it('prints one line per message with its links', async () => {
    t = await createTestApp()
    const user = await registerUser(t, { email: 'ann@example.com' })
    await contact(t, { name: 'Ann', email: 'ann@example.com', subject: 'Hi', message: 'Hello' })
    const lines: string[] = []
    const sender = createMailSender(
      t.ctx,
      createConsoleTransport((line) => lines.push(line)),
    )
    expect(await sender.drainOnce()).toMatchObject({ sent: 2 })
    expect(lines.sort()).toEqual([
      '✉ contact to support@listingbridge.app: "[ListingBridge contact] Hi"',
      `✉ verify-email to ann@example.com: http://localhost:5173/verify-email/${user.verifyToken}`,
    ])
  })
})
