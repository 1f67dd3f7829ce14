import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import type { FillSummary, PendingDraftView, PendingPhoto, PhotoPayload } from '../messages.ts'
import { draftKey, readValue, removeKeys, writeValues } from '../storage.ts'
import { blobToBase64, deletePhotos, loadPhoto } from './photo-store.ts'

/**
 * A draft waiting for its Marketplace tab, kept in chrome.storage.session under the tab's id, so a
 * worker that Chrome stopped and started again still hands it over. Its photos' bytes are in the
 * photo store under `draftId`.
 */
export interface PendingDraftRecord {
  draftId: string
  listingId: string
  draft: MarketplaceDraft
  photos: PendingPhoto[]
  missingPhotos: number
  createdAt: string
  filledAt: string | null
  fillSummary: FillSummary | null
}

/** Facebook's "Home for Sale or Rent" form: one form for both; the filler picks sale or rent. */
export const MARKETPLACE_CREATE_URL = 'https://www.facebook.com/marketplace/create/rental'

export function marketplaceCreateUrl(_draft: MarketplaceDraft): string {
  return MARKETPLACE_CREATE_URL
}

export async function savePendingDraft(tabId: number, record: PendingDraftRecord): Promise<void> {
  const previous = await pendingDraft(tabId)
  await writeValues('session', { [draftKey(tabId)]: record })
  if (previous && previous.draftId !== record.draftId) await discardPhotos(previous)
}

export async function pendingDraft(tabId: number): Promise<PendingDraftRecord | null> {
  return (await readValue<PendingDraftRecord>('session', draftKey(tabId))) ?? null
}

/** What the Marketplace content script of `tabId` receives first. */
export async function draftView(tabId: number): Promise<PendingDraftView | null> {
  const record = await pendingDraft(tabId)
  if (!record) return null
  return {
    listingId: record.listingId,
    draft: record.draft,
    photos: record.photos,
    missingPhotos: record.missingPhotos,
  }
}

/** One photo of the tab's draft, for the content script to turn into a File. */
export async function draftPhoto(tabId: number, index: number): Promise<PhotoPayload | null> {
  const record = await pendingDraft(tabId)
  const photo = record?.photos.find((p) => p.index === index)
  if (!record || !photo) return null
  const blob = await loadPhoto(record.draftId, index)
  if (!blob) return null
  return { name: photo.name, type: photo.type, base64: await blobToBase64(blob) }
}

/**
 * The form was filled. The draft stays until its tab closes: reloading the page fills it again,
 * and a Facebook login in between (redirect and back) still finds it.
 */
export async function markFilled(tabId: number, summary: FillSummary): Promise<void> {
  const record = await pendingDraft(tabId)
  if (!record) return
  await writeValues('session', {
    [draftKey(tabId)]: { ...record, filledAt: new Date().toISOString(), fillSummary: summary },
  })
}

async function discardPhotos(record: PendingDraftRecord): Promise<void> {
  await deletePhotos(
    record.draftId,
    record.photos.map((p) => p.index),
  )
}

/** The tab closed: its draft and photos go. */
export async function discardDraft(tabId: number): Promise<void> {
  const record = await pendingDraft(tabId)
  if (!record) return
  await removeKeys('session', draftKey(tabId))
  await discardPhotos(record)
}
