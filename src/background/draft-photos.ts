/**
 * The photos of pending drafts, from download to the Marketplace tab. The worker starts the
 * downloads as soon as the server's draft is kept and opens the tab at once; the tab asks for
 * every photo early and gets each as soon as it is stored. Where each download stands is in the
 * draft's record (chrome.storage.session) and the bytes are in the photo store, so a worker that
 * Chrome stopped and started again redoes, when asked, the downloads that died with the one
 * before.
 */
import type { PhotoPayload } from '../messages.ts'
import {
  pendingDraft,
  updateDraftPhoto,
  type DraftPhoto,
  type PendingDraftRecord,
} from './drafts.ts'
import { blobToBase64, deletePhotos, loadPhoto, savePhoto } from './photo-store.ts'
import { photoDownloader, type PhotoDownload, type PhotoFetchOptions } from './photos.ts'

/**
 * Downloads this worker instance started (settled ones too): draft id → photo index → the stored
 * photo, or null when it could not be had. Empty in a restarted worker: a record's `downloading`
 * photo missing here is one whose download died.
 */
const running = new Map<string, Map<number, Promise<Blob | null>>>()

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

function photoName(index: number, type: string): string {
  return `listing-photo-${String(index + 1).padStart(2, '0')}.${EXTENSIONS[type] ?? 'jpg'}`
}

/** One batch of downloads of a draft, started together. */
interface Batch {
  tabId: number
  draftId: string
  downloadPhoto: PhotoDownload
  /** Aborted when the draft turns out to be gone: the batch's other downloads stop. */
  stop: AbortController
}

async function settle(batch: Batch, index: number, blob: Blob | null, error: string) {
  const state = blob
    ? { state: 'stored' as const, type: blob.type, size: blob.size }
    : { state: 'failed' as const, error }
  const kept = await updateDraftPhoto(batch.tabId, batch.draftId, index, state)
  if (kept) return
  // The tab closed while the photos downloaded: nothing will ask for them.
  batch.stop.abort()
  if (blob) await deletePhotos(batch.draftId, [index])
}

async function fetchAndStore(batch: Batch, photo: DraftPhoto): Promise<Blob | null> {
  // Recorded after the answer is ready: a worker stopped in between finds the photo in the store.
  const record = (blob: Blob | null, error = '') => {
    void settle(batch, photo.index, blob, error).catch(() => undefined)
  }
  // Stored by a worker that stopped before it could record it.
  const kept = await loadPhoto(batch.draftId, photo.index).catch(() => null)
  if (kept) {
    record(kept)
    return kept
  }
  const fetched = await batch.downloadPhoto(photo.index, photo.url)
  if (!fetched.ok) {
    record(null, fetched.error)
    return null
  }
  try {
    await savePhoto(batch.draftId, photo.index, fetched.blob)
  } catch {
    // Not stored (the disk is full?): this worker still hands it over; left `downloading`, a
    // restarted one downloads it again.
    return fetched.blob
  }
  record(fetched.blob)
  return fetched.blob
}

/**
 * Starts downloading the draft's photos that are neither settled nor downloading in this worker
 * (a few at a time, retried: see photos.ts). Returns at once.
 */
export function downloadDraftPhotos(
  tabId: number,
  record: PendingDraftRecord,
  options: PhotoFetchOptions = {},
): void {
  let mine = running.get(record.draftId)
  if (!mine) {
    mine = new Map()
    running.set(record.draftId, mine)
  }
  const waiting = record.photos.filter((p) => p.state === 'downloading' && !mine.has(p.index))
  if (waiting.length === 0) return
  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  const batch: Batch = {
    tabId,
    draftId: record.draftId,
    downloadPhoto: photoDownloader({ ...options, signal }),
    stop,
  }
  for (const photo of waiting) mine.set(photo.index, fetchAndStore(batch, photo))
}

async function payload(index: number, blob: Blob): Promise<PhotoPayload> {
  return { name: photoName(index, blob.type), type: blob.type, base64: await blobToBase64(blob) }
}

/**
 * Photo `index` of the tab's draft, for the content script to turn into a File: at once when it is
 * stored, after its download when it is still downloading. Null when it could not be downloaded.
 */
export async function draftPhoto(tabId: number, index: number): Promise<PhotoPayload | null> {
  const record = await pendingDraft(tabId)
  const photo = record?.photos[index]
  if (!record || photo?.index !== index || photo.state === 'failed') return null
  let pending = running.get(record.draftId)?.get(index)
  if (!pending) {
    if (photo.state === 'stored') {
      const stored = await loadPhoto(record.draftId, index)
      if (stored) return payload(index, stored)
    }
    // Its download died with an earlier worker (or the store lost the photo): download it now,
    // with every other photo of the draft in the same case.
    const photos = record.photos.map((p) =>
      p.index === index ? { index, url: p.url, state: 'downloading' as const } : p,
    )
    downloadDraftPhotos(tabId, { ...record, photos })
    pending = running.get(record.draftId)?.get(index)
  }
  const blob = await pending
  return blob ? payload(index, blob) : null
}

/** The draft was filled with every photo, or its tab closed: this worker's copies go. */
export function forgetDraftPhotos(draftId: string): void {
  running.delete(draftId)
}
