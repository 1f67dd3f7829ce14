/** RFC 4180 CSV for spreadsheets, with Excel's formula injection defused. */

/** Excel and friends read a CSV without a byte order mark as ANSI; with it, as UTF-8. */
export const UTF8_BOM = '\uFEFF'

/**
 * A number as text ("-5", "+14155550123", "2.5") is data, not a formula; anything else that starts
 * with a formula trigger gets a leading quote so Excel shows it instead of running it (OWASP).
 */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/
const FORMULA_START = /^[=+\-@\t\r]/

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

/** One field: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = neutralizeFormula(String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The whole document: a header row, the rows, every line ended by CRLF, BOM first. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n')
  return UTF8_BOM + lines.join('')
}
