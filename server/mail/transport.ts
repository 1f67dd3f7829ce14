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
