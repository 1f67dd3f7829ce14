import type { MailTransport } from './transport.ts'

/** http(s) URLs in a text body; trailing punctuation of the sentence is not part of them. */
export const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g

/**
 * The embedded default: nothing leaves the machine. Each message becomes one console line with
 * its links, and stays readable at /dev/mailbox.
 */
export function createConsoleTransport(print: (line: string) => void): MailTransport {
  return {
    name: 'console',
    send(mail) {
      const links = mail.text.match(URL_PATTERN) ?? []
      const what = links.length > 0 ? links.join(' ') : JSON.stringify(mail.subject)
      print(`✉ ${mail.kind} to ${mail.to}: ${what}`)
      return Promise.resolve()
    },
  }
}
