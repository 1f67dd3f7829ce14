/**
 * The downloaded photos of pending drafts, in the worker's Cache Storage: it belongs to the
 * extension's origin (content scripts and pages cannot read it), survives the worker being
 * stopped, and holds megabytes that chrome.storage.session (10 MB for everything) could not.
 * Keys are made-up URLs; nothing is ever fetched from them.
 */
const CACHE_NAME = 'listingbridge-draft-photos-v1'

function photoKey(draftId: string, index: number): string {
  return `https://draft-photos.listingbridge.invalid/${encodeURIComponent(draftId)}/${index}`
}

export async function savePhoto(draftId: string, index: number, blob: Blob): Promise<void> {
  const cache = await caches.open(CACHE_NAME)
  await cache.put(
    photoKey(draftId, index),
    new Response(blob, { headers: { 'content-type': blob.type || 'application/octet-stream' } }),
  )
}

export async function loadPhoto(draftId: string, index: number): Promise<Blob | null> {
  const cache = await caches.open(CACHE_NAME)
  const response = await cache.match(photoKey(draftId, index))
  if (!response) return null
  const blob = await response.blob()
  const type = response.headers.get('content-type') ?? blob.type
  return blob.type === type ? blob : new Blob([blob], { type })
}

export async function deletePhotos(draftId: string, indexes: readonly number[]): Promise<void> {
  const cache = await caches.open(CACHE_NAME)
  await Promise.all(indexes.map((index) => cache.delete(photoKey(draftId, index))))
}

/** Every stored photo: after a browser start, no pending draft is left to use them. */
export async function deleteAllPhotos(): Promise<void> {
  await caches.delete(CACHE_NAME)
}

/** `Uint8Array.prototype.toBase64` (Chrome 140+); the extension still runs on Chrome 116. */
interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string
}

/**
 * Base64 of a blob's bytes: natively where Chrome has it (with native decoding in the tab too,
 * handing over 20 × 230 KB photos took ~250 ms instead of ~750 ms), else in chunks
 * (String.fromCharCode takes a bounded argument list).
 */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  const native = (bytes as NativeBase64).toBase64
  if (typeof native === 'function') return native.call(bytes)
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  }
  return btoa(binary)
}
