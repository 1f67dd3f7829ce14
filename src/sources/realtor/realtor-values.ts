/** Small readers of values as Realtor.com writes them. */

/** US numbers as the page shows them, "(855) 327-9361"; anything else as given. */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  if (national.length !== 10 || /[a-z]/i.test(raw)) return raw.trim()
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
}
