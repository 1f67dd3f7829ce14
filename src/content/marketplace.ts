/**
 * Facebook Marketplace's create pages: if the worker keeps a draft for this tab, let the filler
 * (src/marketplace) fill the form with the worker's form profile while the draft's photos arrive,
 * try the fields it could not find once more with a newer profile if the server has one, show its
 * report (with "Show me" for fields still not found), and tell the worker, which posts the fill
 * report. Tokens never come here; the worker answers only about this tab's draft. Built as a
 * self-contained script (vite.config.ts).
 */
// First: zod's settings must be in place before any schema is built (the module says why).
import '../../api/zod-jitless.ts'
import { afterFill, fillSummary, fillWithRefresh } from '../marketplace/index.ts'
import { toFile } from '../marketplace/photos.ts'
import { showFillProgress } from '../marketplace/report-panel.ts'
import { sendMessage, type PhotoPayload } from '../messages.ts'

/**
 * Asks for one photo again when the answer never came: Chrome stopped the worker mid-answer
 * (the channel closed), and the next ask starts a new worker, which downloads the photo again.
 */
const PHOTO_ASKS = 3

async function askForPhoto(index: number): Promise<PhotoPayload | null> {
  for (let ask = 1; ; ask++) {
    try {
      return await sendMessage('draft:photo', { index })
    } catch (error) {
      if (ask >= PHOTO_ASKS) {
        console.warn(`ListingBridge could not get photo ${index + 1}:`, error)
        return null
      }
    }
  }
}

/**
 * Every photo of the draft, asked for at once: the worker answers each as soon as it is stored,
 * one photo per message (measured faster than batches of 5–20 for 20 × 230 KB, and the first
 * photos arrive while the rest download). Each becomes a File on arrival; `all` keeps the draft's
 * order and leaves out photos that could not be had, `arrived` is those there so far.
 */
function loadPhotos(
  count: number,
  onArrival: (done: number) => void,
): { all: Promise<File[]>; arrived: () => File[] } {
  let done = 0
  const files: (File | null)[] = Array.from({ length: count }, () => null)
  const present = () => files.filter((file): file is File => file !== null)
  const all = Promise.all(
    files.map(async (_, index) => {
      const photo = await askForPhoto(index)
      files[index] = photo ? toFile(photo, window) : null
      onArrival(++done)
    }),
  ).then(present)
  return { all, arrived: present }
}

export async function fillPendingDraft(): Promise<void> {
  const pending = await sendMessage('draft:get', {})
  if (!pending) return
  const started = performance.now()
  const progress = showFillProgress(pending.photoCount)
  const photos = loadPhotos(pending.photoCount, progress.photos)
  const request = {
    draft: pending.draft,
    photos: photos.all,
    arrivedPhotos: photos.arrived,
    profile: pending.profile,
    taught: pending.taughtLabels,
  }
  const report = await fillWithRefresh(request, {
    refresh: (version) => sendMessage('profile:refresh', { version }),
  })
  afterFill(report, {
    request,
    durationMs: performance.now() - started,
    // Not awaited: the worker logs a failure; the agent never waits on it.
    send: (body) => {
      void sendMessage('fill:report', body).catch((error: unknown) => {
        console.warn('ListingBridge could not send the fill report:', error)
      })
    },
    save: async (field, label) => {
      await sendMessage('teach:save', { field, label })
    },
  })
  await sendMessage('draft:filled', fillSummary(report))
}

void fillPendingDraft().catch((error: unknown) => {
  console.warn('ListingBridge could not fill this form:', error)
})
