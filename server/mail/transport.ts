import type { Config } from '../config.ts'
import { createConsoleTransport } from './console-transport.ts'
import { createSmtpTransport } from './smtp-transport.ts'

/** One message as the sender hands it over: an outbox row. */
export interface QueuedMail {
  id: string
  kind: string
  to: string
  replyTo: string | null
  subject: string
  text: string
  html: string
}

/** Delivers one message or throws; the sender retries what throws. */
export interface MailTransport {
  /** Named in the start-up banner and logs. */
  readonly name: string
  send(mail: QueuedMail): Promise<void>
}

/** The one place that decides where mail goes: SMTP when configured, else the console. */
export function createMailTransport(
  config: Config,
  print: (line: string) => void = console.log,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createConsoleTransport(print)
}
