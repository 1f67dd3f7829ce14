import type { Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import { newId } from '../db/ids.ts'
import type { Database } from '../db/schema.ts'
import type { OutgoingMail } from './messages.ts'

/**
 * Writes a message to the outbox. Call it with the transaction of the change that causes the
 * message, so the e-mail exists exactly when the change does; the sender delivers it later.
 * `userId` names the account a mail is about: deleting the account deletes its mails, also those
 * to an address it no longer has.
 */
export async function enqueueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  clock: Clock,
  userId?: string,
): Promise<string> {
  const id = newId()
  const now = clock().toISOString()
  await db
    .insertInto('outbox')
    .values({
      id,
      kind: mail.kind,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      created_at: now,
      next_attempt_at: now,
      locked_until: null,
      sent_at: null,
      last_error: null,
      user_id: userId ?? null,
    })
    .execute()
  return id
}
