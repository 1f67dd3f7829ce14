import type { FastifyInstance } from 'fastify'
import { brand } from '../../api/brand.ts'
import type { AppContext } from '../app-context.ts'
import type { OutboxRow } from '../db/schema.ts'
import { URL_PATTERN } from './console-transport.ts'
import { escapeHtml } from './messages.ts'
import { MAX_ATTEMPTS } from './sender.ts'

export const MAILBOX_PATH = '/dev/mailbox'

/** The shape other tools read from `/dev/mailbox/messages.json`; keep it stable. */
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

async function allMessages(ctx: AppContext): Promise<OutboxRow[]> {
  // Newest first; the id only breaks ties of one millisecond so the order is stable.
  return ctx.db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Escapes the text and turns every http(s) URL in it into a link. */
export function linkify(text: string): string {
  let html = ''
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0]
    html += escapeHtml(text.slice(last, match.index))
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    last = match.index + url.length
  }
  return html + escapeHtml(text.slice(last))
}

function deliveryState(row: OutboxRow): { label: string; tone: string } {
  if (row.sent_at) {
    return { label: `Sent ${row.sent_at} (attempt ${row.attempts})`, tone: 'sent' }
  }
  if (row.failed_at) {
    return {
      label: `Failed — gave up after ${row.attempts} attempts: ${row.last_error ?? 'unknown error'}`,
      tone: 'failed',
    }
  }
  if (row.attempts > 0) {
    return {
      label: `Retrying (${row.attempts}/${MAX_ATTEMPTS} attempts failed), next at ${row.next_attempt_at}: ${row.last_error ?? ''}`,
      tone: 'retry',
    }
  }
  return { label: 'Queued', tone: 'queued' }
}

function messageCard(row: OutboxRow): string {
  const state = deliveryState(row)
  const field = (name: string, value: string) => `<dt>${name}</dt><dd>${escapeHtml(value)}</dd>`
  return `<article>
<header><h2>${escapeHtml(row.subject)}</h2><span class="state ${state.tone}">${escapeHtml(state.label)}</span></header>
<dl>${field('Time', row.created_at)}${field('Kind', row.kind)}${field('To', row.to_address)}${row.reply_to ? field('Reply-To', row.reply_to) : ''}</dl>
<pre>${linkify(row.text_body)}</pre>
</article>`
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
body { margin: 0; background: #f3f4f6; color: #111827; }
main { max-width: 860px; margin: 0 auto; padding: 32px 20px 64px; }
h1 { font-size: 24px; margin: 0 0 4px; }
.lead { color: #4b5563; margin: 0 0 24px; }
article { background: #fff; border: 1px solid #e5e7eb; border-radius: 10px; padding: 20px 24px; margin: 0 0 16px; }
article header { display: flex; gap: 12px; align-items: baseline; justify-content: space-between; flex-wrap: wrap; }
h2 { font-size: 17px; margin: 0 0 12px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; font-size: 14px; }
dt { color: #6b7280; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { margin: 0; padding: 16px; background: #f9fafb; border-radius: 8px; white-space: pre-wrap; overflow-wrap: anywhere; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
a { color: #1d4ed8; }
.state { font-size: 13px; padding: 2px 10px; border-radius: 999px; background: #e5e7eb; }
.state.sent { background: #dcfce7; color: #166534; }
.state.retry { background: #fef9c3; color: #854d0e; }
.state.failed { background: #fee2e2; color: #991b1b; }
.empty { color: #6b7280; }
`

export function renderMailboxPage(rows: OutboxRow[]): string {
  const list =
    rows.length > 0
      ? rows.map(messageCard).join('\n')
      : '<p class="empty">No messages yet. Register, reset a password or use the contact form and they appear here.</p>'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox — ${escapeHtml(brand.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(brand.name)} mailbox</h1>
<p class="lead">Every e-mail the server wrote, newest first. This page exists only outside production; <a href="${MAILBOX_PATH}">reload</a> for new messages, or read <a href="${MAILBOX_PATH}/messages.json">messages.json</a>.</p>
${list}
</main>
</body>
</html>`
}

/** Development only: app.ts registers it when not in production, so there the path is a 404. */
export function registerMailboxPage(app: FastifyInstance, ctx: AppContext): void {
  app.get(MAILBOX_PATH, async (_request, reply) => {
    const rows = await allMessages(ctx)
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailboxPage(rows))
  })
  app.get(`${MAILBOX_PATH}/messages.json`, async (_request, reply) => {
    const rows = await allMessages(ctx)
    const messages: MailboxMessage[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.to_address,
      reply_to: row.reply_to,
      subject: row.subject,
      text: row.text_body,
      created_at: row.created_at,
      sent_at: row.sent_at,
      attempts: row.attempts,
    }))
    return reply.header('cache-control', 'no-store').send({ messages })
  })
}
