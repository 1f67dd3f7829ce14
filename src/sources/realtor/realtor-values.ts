/** Small readers of values as Realtor.com writes them: dates, phone numbers. */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function day(year: number, month: number, date: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, date))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== date) {
    return undefined
  }
  return d.toISOString().slice(0, 10)
}

/**
 * A calendar day `YYYY-MM-DD` from "2023-04-21", "2022-06-10T21:02:49Z", "08/01/2026" or
 * "Aug 1, 2026"; `undefined` for "Now", "Available now", "Call" and anything else.
 */
export function calendarDayFromText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const t = text.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(t)
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t)
  if (m) return day(Number(m[3]), Number(m[1]), Number(m[2]))
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(t)
  if (m) {
    const month = MONTHS.indexOf((m[1] ?? '').toLowerCase())
    if (month >= 0) return day(Number(m[3]), month + 1, Number(m[2]))
  }
  return undefined
}

/** US numbers as the page shows them, "(855) 327-9361"; anything else as given. */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  if (national.length !== 10 || /[a-z]/i.test(raw)) return raw.trim()
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
}
