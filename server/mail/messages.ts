import { brand } from '../../api/brand.ts'

export type MailKind = 'verify-email' | 'password-reset' | 'contact'

export interface OutgoingMail {
  kind: MailKind
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
}

/**
 * A value that goes into a mail header: line breaks (and other control characters) would let
 * user input start a header of its own, so they become spaces.
 */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A plain, client-safe HTML frame: inline styles only, one call-to-action; line breaks kept. */
function htmlFrame(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
  return `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff"><h1 style="font-size:20px;margin:0 0 24px;color:#1d4ed8">${escapeHtml(brand.name)}</h1>${body}${button}<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(brand.name)} · ${escapeHtml(brand.supportEmail)}</p></div></body></html>`
}

export function verificationMail(to: string, name: string, link: string): OutgoingMail {
  const lines = [
    `Hi ${name},`,
    `Welcome to ${brand.name}! Please confirm your e-mail address to finish setting up your account. Your ${brand.trialDays}-day free trial has started.`,
    'This link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.',
  ]
  return {
    kind: 'verify-email',
    to,
    subject: headerSafe(`Verify your e-mail for ${brand.name}`),
    text: `${lines.join('\n\n')}\n\nVerify your e-mail: ${link}\n`,
    html: htmlFrame(lines, { label: 'Verify e-mail', url: link }),
  }
}

export function passwordResetMail(to: string, name: string, link: string): OutgoingMail {
  const lines = [
    `Hi ${name},`,
    `We received a request to reset the password of your ${brand.name} account.`,
    'This link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
  ]
  return {
    kind: 'password-reset',
    to,
    subject: headerSafe(`Reset your ${brand.name} password`),
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: htmlFrame(lines, { label: 'Reset password', url: link }),
  }
}

export interface ContactDetails {
  name: string
  email: string
  phone?: string | undefined
  company?: string | undefined
  subject: string
  message: string
}

/** Goes to support with the sender as reply-to, so support answers with one click. */
export function contactMail(supportAddress: string, c: ContactDetails): OutgoingMail {
  const lines = [
    `From: ${c.name} <${c.email}>`,
    `Phone: ${c.phone || '—'}`,
    `Company: ${c.company || '—'}`,
    `Subject: ${c.subject}`,
    c.message,
  ]
  return {
    kind: 'contact',
    to: supportAddress,
    replyTo: c.email,
    subject: headerSafe(`[${brand.name} contact] ${c.subject}`),
    text: `${lines.join('\n\n')}\n`,
    html: htmlFrame(lines),
  }
}
