import { createTransport } from 'nodemailer'
import { headerSafe } from './messages.ts'
import type { MailTransport } from './transport.ts'

/**
 * Real e-mail through nodemailer. Timeouts stay well under the sender's lease, so a hung server
 * fails the attempt instead of letting another process claim and send the message again.
 * Options in SMTP_URL's query string override these.
 */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'listingbridge.app'
  const transporter = createTransport(
    { url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 },
    { from },
  )
  return {
    name: 'SMTP',
    async send(mail) {
      await transporter.sendMail({
        // One per outbox row: sent again after its sender died, it is recognisably the same.
        messageId: `<${mail.id}@${domain}>`,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: headerSafe(mail.subject),
        text: mail.text,
        html: mail.html,
      })
    },
  }
}
