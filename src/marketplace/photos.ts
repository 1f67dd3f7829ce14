/**
 * A photo as the worker hands it over: bytes with a name and type, base64 (runtime messages are
 * JSON, where an ArrayBuffer arrives empty), or a File. The worker names every photo
 * (draft-photos.ts).
 */
export type PhotoFile =
  | { name: string; type: string; bytes: ArrayBuffer | Uint8Array }
  | { name: string; type: string; base64: string }
  | File

/** `Uint8Array.fromBase64` (Chrome 140+); the extension still runs on Chrome 116. */
interface NativeBase64 {
  fromBase64?: (base64: string) => Uint8Array<ArrayBuffer>
}

function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  // Native decoding is several times faster than the loop below, for a few MB of photos.
  const native = (Uint8Array as NativeBase64).fromBase64
  if (typeof native === 'function') return native.call(Uint8Array, base64)
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A `File` of the page's window, as a file picked by hand would be. */
export function toFile(photo: PhotoFile, view: typeof globalThis): File {
  if (photo instanceof view.File) return photo
  const type = photo.type || 'image/jpeg'
  // A File of another window (the content script's): the page's own File, as a picked one is.
  if (photo instanceof File) return new view.File([photo], photo.name, { type })
  const part: BlobPart =
    'base64' in photo
      ? fromBase64(photo.base64)
      : photo.bytes instanceof Uint8Array
        ? new Uint8Array(photo.bytes)
        : photo.bytes
  return new view.File([part], photo.name, { type })
}

/**
 * Puts the files on the (hidden) file input through a DataTransfer, as a drop or the file picker
 * does, then tells the page with bubbling `input` and `change`. True when the input holds them.
 */
export function attachPhotos(input: HTMLInputElement, files: readonly File[]): boolean {
  const view = input.ownerDocument.defaultView ?? globalThis
  if (typeof view.DataTransfer !== 'function') return false
  const transfer = new view.DataTransfer()
  for (const file of files) transfer.items.add(file)
  input.files = transfer.files
  input.dispatchEvent(new view.Event('input', { bubbles: true }))
  input.dispatchEvent(new view.Event('change', { bubbles: true }))
  return input.files.length === files.length
}
