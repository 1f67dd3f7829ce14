import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerUser } from '../testing/test-app.ts'
import { createMailSender } from './sender.ts'
import { createMailTransport } from './create-mail-transport.ts'

interface Received {
  from: string
  to: string[]
  raw: string
}

/** The decoded body of the first MIME part of the given type (enough for nodemailer's output). */
function mimePart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, 'mi'))
  if (start < 0) throw new Error(`no ${type} part`)
  const part = raw.slice(start)
  const headerEnd = part.indexOf('\r\n\r\n')
  const headers = part.slice(0, headerEnd)
  const body = part.slice(headerEnd + 4).split(/\r\n--/)[0] ?? ''
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

const received: Received[] = []
let server: SMTPServer
let port = 0

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback; STARTTLS would need a certificate nodemailer trusts.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve()
    })
  })
})

describe('SMTP transport', () => {
  it('delivers the verification e-mail of a new account to a real SMTP server', async () => {
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'ListingBridge <no-reply@listingbridge.test>',
    })
    try {
      const user = await registerUser(t, { email: 'Ann.Agent@Example.com' })
      const transport = createMailTransport(t.ctx.config)
      expect(transport.name).toBe('SMTP')
      const sender = createMailSender(t.ctx, transport)

      expect(await sender.drainOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 })
      expect(received).toHaveLength(1)
      const mail = received[0]
      if (!mail) throw new Error('nothing received')
      expect(mail.to).toEqual(['ann.agent@example.com'])
      expect(mail.from).toBe('no-reply@listingbridge.test')
      expect(mail.raw).toMatch(/^To: ann\.agent@example\.com\r$/m)
      expect(mail.raw).toMatch(/^Subject: Verify your e-mail for ListingBridge\r$/m)
      expect(mail.raw).toMatch(/^From: ListingBridge <no-reply@listingbridge\.test>\r$/m)

      const text = mimePart(mail.raw, 'text/plain')
      expect(text).toContain(`http://localhost:5173/verify-email/${user.verifyToken}`)
      const html = mimePart(mail.raw, 'text/html')
      expect(html).toContain(`href="http://localhost:5173/verify-email/${user.verifyToken}"`)

      const row = await t.ctx.db
        .selectFrom('outbox')
        .select(['id', 'sent_at', 'attempts'])
        .executeTakeFirstOrThrow()
      // The outbox row's id: a copy sent again after a crash is recognisably the same message.
      expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${row.id}@listingbridge\\.test>\r$`, 'm'))
      expect(row.sent_at).not.toBeNull()
      expect(row.attempts).toBe(1)
    } finally {
      await t.close()
    }
  })

  it('sends a contact message to support with reply-to, and a line break in the subject starts no header', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` })
    try {
      const res = await t.api({
        method: 'POST',
        url: '/users/contact-us',
        payload: {
          name: 'Eve',
          email: 'eve@example.com',
          subject: 'Hello\r\nBcc: victim@example.com',
          message: 'Hi there',
        },
      })
      expect(res.statusCode).toBe(200)
      received.length = 0
      expect(await createMailSender(t.ctx, createMailTransport(t.ctx.config)).drainOnce()).toEqual({
        sent: 1,
        failed: 0,
        gaveUp: 0,
      })
      const mail = received[0]
      if (!mail) throw new Error('nothing received')
      expect(mail.to).toEqual(['support@listingbridge.app'])
      const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))
      expect(headers).toMatch(/^Reply-To: eve@example\.com\r?$/m)
      expect(headers).toMatch(
        /^Subject: \[ListingBridge contact\] Hello Bcc: victim@example\.com\r?$/m,
      )
      expect(headers).not.toMatch(/^Bcc:/im)
    } finally {
      await t.close()
    }
  })

  it('keeps the message queued for a retry when the SMTP server cannot be reached', async () => {
    // Port of a server that was just closed: connection refused.
    const gone = new SMTPServer({ authOptional: true, logger: false })
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    const gonePort = (gone.server.address() as AddressInfo).port
    await new Promise<void>((resolve) => {
      gone.close(() => {
        resolve()
      })
    })

    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${gonePort}` })
    try {
      await registerUser(t)
      const sender = createMailSender(t.ctx, createMailTransport(t.ctx.config))
      expect(await sender.drainOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 })
      const row = await t.ctx.db
        .selectFrom('outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ sent_at: null, attempts: 1 })
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i)
    } finally {
      await t.close()
    }
  })
})
