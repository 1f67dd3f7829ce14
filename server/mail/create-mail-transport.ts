import type { Config } from '../config.ts'
import { createConsoleTransport } from './console-transport.ts'
import { createSmtpTransport } from './smtp-transport.ts'
import type { MailTransport } from './transport.ts'

/** The one place that decides where mail goes: SMTP when configured, else the console. */
export function createMailTransport(
  config: Config,
  print: (line: string) => void = console.log,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createConsoleTransport(print)
}
