/**
 * The server's built-in mailbox (`/dev/mailbox/messages.json`), read the way a person reads
 * their e-mail: find the newest message, follow its link.
 */

/** One message as `/dev/mailbox/messages.json` lists it (newest first). */
export interface MailboxMessage {
  id: string
  kind: string
  to: string
  reply_to: string | null
  subject: string
  text: string
  created_at: string
  sent_at: string | null
  attempts: number
}

export interface MailFilter {
  kind?: string
  to?: string
  /** Ignore messages that were already there (ids from an earlier `messages()`). */
  notIn?: readonly MailboxMessage[]
}

const WAIT_MS = 10_000
const POLL_MS = 50

/** Every http(s) URL in a text, in order; punctuation that ends a sentence is not part of it. */
export function linksIn(text: string): URL[] {
  return Array.from(text.matchAll(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g), (m) => new URL(m[0]))
}

export function mailbox(url: string) {
  const origin = url.replace(/\/+$/, '')

  async function messages(): Promise<MailboxMessage[]> {
    const res = await fetch(`${origin}/dev/mailbox/messages.json`)
    if (!res.ok) throw new Error(`GET /dev/mailbox/messages.json answered ${res.status}`)
    const body = (await res.json()) as { messages: MailboxMessage[] }
    return body.messages
  }

  function matches(message: MailboxMessage, filter: MailFilter): boolean {
    if (filter.kind !== undefined && message.kind !== filter.kind) return false
    if (filter.to !== undefined && message.to.toLowerCase() !== filter.to.toLowerCase()) {
      return false
    }
    return !filter.notIn?.some((old) => old.id === message.id)
  }

  /**
   * The newest message matching the filter, waiting (polling the mailbox) while the server's
   * sender is still writing it.
   */
  async function waitFor(filter: MailFilter): Promise<MailboxMessage> {
    const deadline = Date.now() + WAIT_MS
    for (;;) {
      const found = (await messages()).find((m) => matches(m, filter))
      if (found) return found
      if (Date.now() > deadline) {
        throw new Error(
          `no message ${JSON.stringify({ ...filter, notIn: undefined })} in the mailbox`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  /** The first link in the message whose address starts with `prefix` (absolute or a path). */
  function link(message: MailboxMessage, prefix: string): URL {
    const wanted = prefix.startsWith('/') ? `${origin}${prefix}` : prefix
    const found = linksIn(message.text).find((u) => u.href.startsWith(wanted))
    if (!found) throw new Error(`no link starting with ${wanted} in:\n${message.text}`)
    return found
  }

  return { messages, waitFor, link }
}

export type Mailbox = ReturnType<typeof mailbox>
