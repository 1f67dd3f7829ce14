/** The dashboard's display formats: MM/DD/YYYY dates, dollar amounts (docs/product.md#display). */

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
})

/** MM/DD/YYYY (en-US) in the visitor's time zone; '—' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '—' : dateFormat.format(time)
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** Dollars with the $ sign and cents: 49 → "$49.00", 468 → "$468.00". */
export function formatUsd(amount: number): string {
  return usd.format(amount)
}

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

/** Asking prices and rents are whole dollars: 450000 → "$450,000". */
export function formatWholeUsd(amount: number): string {
  return wholeUsd.format(amount)
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "03/15/2025, 12:00 PM" in the visitor's time zone; '—' for an unreadable date. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? '—' : dateTime.format(time)
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })

/**
 * How long ago, in words: "just now", "5 minutes ago", "yesterday", "3 weeks ago"; from five
 * weeks on, the date (MM/DD/YYYY). The exact time goes in a tooltip (formatDateTime).
 */
export function formatTimeAgo(iso: string, now: Date = new Date()): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return '—'
  const minutes = Math.max(0, now.getTime() - time) / 60_000
  if (minutes < 1) return 'just now'
  if (minutes < 60) return relative.format(-Math.floor(minutes), 'minute')
  const hours = minutes / 60
  if (hours < 24) return relative.format(-Math.floor(hours), 'hour')
  const days = hours / 24
  if (days < 7) return relative.format(-Math.floor(days), 'day')
  const weeks = days / 7
  if (weeks < 5) return relative.format(-Math.floor(weeks), 'week')
  return formatDate(iso)
}

const count = new Intl.NumberFormat('en-US')

/** A count with thousands separators: 12345 → "12,345". */
export function formatCount(value: number): string {
  return count.format(value)
}

/** The transaction ID shown is "#" and the first 8 characters of the id. */
export const TRANSACTION_ID_LENGTH = 8
export function shortTransactionId(id: string): string {
  return `#${id.replace(/^#/, '').slice(0, TRANSACTION_ID_LENGTH)}`
}

/** Payment types show underscores as spaces: "subscription_create" → "subscription create". */
export function paymentTypeLabel(type: string): string {
  return type.replace(/_/g, ' ')
}

/** Status text as a word: "succeeded" → "Succeeded", "requires_action" → "Requires action". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Payment Status: green for succeeded, yellow for anything else. */
export function statusTone(status: string): 'success' | 'warning' {
  return status.toLowerCase() === 'succeeded' ? 'success' : 'warning'
}
