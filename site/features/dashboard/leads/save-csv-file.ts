import { datedFileName, saveFile } from '../../../lib/save-file.ts'

/** Excel reads a CSV without a byte order mark as ANSI; fetch's text() drops the server's one. */
const UTF8_BOM = '\uFEFF'

/** "listingbridge-leads-2025-03-15.csv", with the visitor's local date. */
export function csvFileName(now = new Date()): string {
  return datedFileName('listingbridge-leads', 'csv', now)
}

/** Hands `csv` to the browser as a download named `fileName`, with the byte order mark Excel needs. */
export function saveCsvFile(fileName: string, csv: string): void {
  saveFile(fileName, csv.startsWith(UTF8_BOM) ? csv : UTF8_BOM + csv, 'text/csv;charset=utf-8')
}
