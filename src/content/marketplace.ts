/**
 * Facebook Marketplace's create pages: if the worker keeps a draft for this tab, fetch it and its
 * photos and hand them to the filler. Tokens never come here; the worker answers only about this
 * tab's draft. Built as a self-contained script (vite.config.ts).
 */
import { sendMessage, type PhotoPayload } from '../messages.ts'
import { fill } from './filler.ts'

/** Photos asked for at once: each answer carries one photo's bytes. */
const PHOTO_CONCURRENCY = 4

function toFile(photo: PhotoPayload): File {
  const binary = atob(photo.base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new File([bytes], photo.name, { type: photo.type })
}

async function loadPhotos(indexes: number[]): Promise<File[]> {
  const files: (File | null)[] = new Array<File | null>(indexes.length).fill(null)
  let next = 0
  const worker = async () => {
    while (next < indexes.length) {
      const slot = next++
      const payload = await sendMessage('draft:photo', { index: indexes[slot] as number })
      files[slot] = payload ? toFile(payload) : null
    }
  }
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, indexes.length) }, worker))
  return files.filter((file): file is File => file !== null)
}

export async function fillPendingDraft(): Promise<void> {
  const pending = await sendMessage('draft:get', {})
  if (!pending) return
  const photos = await loadPhotos(pending.photos.map((photo) => photo.index))
  const summary = await fill({ draft: pending.draft, photos })
  await sendMessage('draft:filled', summary)
}

void fillPendingDraft().catch((error: unknown) => {
  console.warn('ListingBridge could not fill this form:', error)
})
