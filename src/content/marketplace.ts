/**
 * Facebook Marketplace's create pages: if the worker keeps a draft for this tab, fetch it and its
 * photos, let the filler (src/marketplace) fill the form and show its report, and tell the worker.
 * Tokens never come here; the worker answers only about this tab's draft. Built as a
 * self-contained script (vite.config.ts).
 */
import { fillMarketplaceForm, fillSummary, showFillReport } from '../marketplace/index.ts'
import { sendMessage, type PhotoPayload } from '../messages.ts'

/** Photos asked for at once: each answer carries one photo's bytes. */
const PHOTO_CONCURRENCY = 4

/** The draft's photos, in its order; one the worker no longer has is left out. */
async function loadPhotos(indexes: readonly number[]): Promise<PhotoPayload[]> {
  const photos: (PhotoPayload | null)[] = new Array<PhotoPayload | null>(indexes.length).fill(null)
  let next = 0
  const worker = async () => {
    while (next < indexes.length) {
      const slot = next++
      photos[slot] = await sendMessage('draft:photo', { index: indexes[slot] as number })
    }
  }
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, indexes.length) }, worker))
  return photos.filter((photo): photo is PhotoPayload => photo !== null)
}

export async function fillPendingDraft(): Promise<void> {
  const pending = await sendMessage('draft:get', {})
  if (!pending) return
  const photos = await loadPhotos(pending.photos.map((photo) => photo.index))
  const report = await fillMarketplaceForm({ draft: pending.draft, photos })
  showFillReport(report)
  await sendMessage('draft:filled', fillSummary(report))
}

void fillPendingDraft().catch((error: unknown) => {
  console.warn('ListingBridge could not fill this form:', error)
})
