import { vi } from 'vitest'

/** Catches the file the page hands to the browser: its name and its text. */
export function catchDownloads() {
  const files: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`
    if (blob instanceof Blob) blobs.set(url, blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href)
    if (blob) files.push({ name: this.download, blob })
  })
  return files
}
