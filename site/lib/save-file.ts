/** "listingbridge-leads-2025-03-15.csv": `stem`, the visitor's local date and `extension`. */
export function datedFileName(stem: string, extension: string, now = new Date()): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-')
  return `${stem}-${day}.${extension}`
}

/**
 * Hands `text` to the browser as a download named `fileName`: a Blob behind an object URL and a
 * link with `download`, since the API's files need the bearer token and a plain link cannot send
 * it.
 */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
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
