import { brand } from '../../api/brand.ts'

export type MailKind =
  | 'verify-email'
  | 'password-reset'
  | 'contact'
  | 'email-change'
  | 'email-changed'
  | 'password-changed'

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

/** To the NEW address of an e-mail change: the account's e-mail becomes it once this is followed. */
export function emailChangeMail(to: string, name: string, link: string): OutgoingMail {
  const lines = [
    `Hi ${name},`,
    `You asked to use this address for your ${brand.name} account. Please confirm it: until you do, your account keeps its current e-mail address.`,
    'This link works once and expires in 24 hours. If you did not ask for this, you can ignore this e-mail.',
  ]
  return {
    kind: 'email-change',
    to,
    subject: headerSafe(`Confirm your new e-mail for ${brand.name}`),
    text: `${lines.join('\n\n')}\n\nConfirm your new e-mail: ${link}\n`,
    html: htmlFrame(lines, { label: 'Confirm e-mail', url: link }),
  }
}

/** To the OLD address once an e-mail change took effect, so a change the owner did not make is seen. */
export function emailChangedMail(to: string, name: string, newAddress: string): OutgoingMail {
  const lines = [
    `Hi ${name},`,
    `The e-mail address of your ${brand.name} account was changed to ${newAddress}. From now on you log in with it, and our e-mails go there.`,
    `If you did not make this change, contact us at ${brand.supportEmail} right away.`,
  ]
  return {
    kind: 'email-changed',
    to,
    subject: headerSafe(`Your ${brand.name} e-mail address was changed`),
    text: `${lines.join('\n\n')}\n`,
    html: htmlFrame(lines),
  }
}

/** After a password change: every other session ended, and the owner learns of a change they did not make. */
export function passwordChangedMail(to: string, name: string): OutgoingMail {
  const lines = [
    `Hi ${name},`,
    `The password of your ${brand.name} account was just changed, and every other device was logged out.`,
    `If you did not make this change, reset your password from the login page and contact us at ${brand.supportEmail}.`,
  ]
  return {
    kind: 'password-changed',
    to,
    subject: headerSafe(`Your ${brand.name} password was changed`),
    text: `${lines.join('\n\n')}\n`,
    html: htmlFrame(lines),
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
