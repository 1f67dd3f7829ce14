/** Excel reads a CSV without a byte order mark as ANSI; fetch's text() drops the server's one. */
const UTF8_BOM = '\uFEFF'

/** "listingbridge-leads-2025-03-15.csv", with the visitor's local date. */
export function csvFileName(now = new Date()): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-')
  return `listingbridge-leads-${day}.csv`
}

/**
 * Hands `csv` to the browser as a download named `fileName`: a Blob behind an object URL and a
 * link with `download`, since the export needs the bearer token and a plain link cannot send it.
 */
export function saveCsvFile(fileName: string, csv: string): void {
  const text = csv.startsWith(UTF8_BOM) ? csv : UTF8_BOM + csv
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: some browsers read the URL after click() has returned.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 60_000)
}
