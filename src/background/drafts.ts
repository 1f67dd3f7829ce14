import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import type { FillSummary, PendingDraftView } from '../messages.ts'
import { draftKey, readValue, removeKeys, writeValues } from '../storage.ts'
import { currentFormProfile } from './form-profile.ts'
import { deletePhotos } from './photo-store.ts'
import { taughtLabels } from './taught-labels.ts'

/** Where one photo's download stands; a stored photo's bytes are in the photo store. */
export type DraftPhotoState =
  | { state: 'downloading' }
  | { state: 'stored'; type: string; size: number }
  | { state: 'failed'; error: string }

export type DraftPhoto = { index: number; url: string } & DraftPhotoState

/**
 * A draft waiting for its Marketplace tab, kept in chrome.storage.session under the tab's id, so a
 * worker that Chrome stopped and started again still hands it over, and knows which photo
 * downloads died with the worker before (`downloading`, with their URLs). The photos' bytes are
 * in the photo store under `draftId`.
 */
export interface PendingDraftRecord {
  draftId: string
  listingId: string
  draft: MarketplaceDraft
  /** The photos Marketplace gets (the draft's first 20), in order: `photos[i].index === i`. */
  photos: DraftPhoto[]
  createdAt: string
  filledAt: string | null
  fillSummary: FillSummary | null
}

/** Facebook's "Home for Sale or Rent" form: one form for both; the filler picks sale or rent. */
export const MARKETPLACE_CREATE_URL = 'https://www.facebook.com/marketplace/create/rental'

export function marketplaceCreateUrl(_draft: MarketplaceDraft): string {
  return MARKETPLACE_CREATE_URL
}

/**
 * Changes of one tab's record, one after another: photo downloads settle in any order and the
 * filler reports meanwhile, and each read-modify-write must see the one before it.
 */
const updates = new Map<number, Promise<unknown>>()

function serially<T>(tabId: number, change: () => Promise<T>): Promise<T> {
  const previous = updates.get(tabId) ?? Promise.resolve()
  const next = previous.then(change, change)
  const settled = next.catch(() => undefined)
  updates.set(tabId, settled)
  void settled.then(() => {
    if (updates.get(tabId) === settled) updates.delete(tabId)
  })
  return next
}

export async function pendingDraft(tabId: number): Promise<PendingDraftRecord | null> {
  return (await readValue<PendingDraftRecord>('session', draftKey(tabId))) ?? null
}

async function discardPhotos(record: PendingDraftRecord): Promise<void> {
  await deletePhotos(
    record.draftId,
    record.photos.map((p) => p.index),
  )
}

export function savePendingDraft(tabId: number, record: PendingDraftRecord): Promise<void> {
  return serially(tabId, async () => {
    const previous = await pendingDraft(tabId)
    await writeValues('session', { [draftKey(tabId)]: record })
    if (previous && previous.draftId !== record.draftId) await discardPhotos(previous)
  })
}

/** What the Marketplace content script of `tabId` receives first, with the profile to fill by. */
export async function draftView(tabId: number): Promise<PendingDraftView | null> {
  const record = await pendingDraft(tabId)
  if (!record) return null
  return {
    listingId: record.listingId,
    draft: record.draft,
    photoCount: record.photos.length,
    profile: await currentFormProfile(),
    taughtLabels: await taughtLabels(),
  }
}

/**
 * Records where photo `index` of draft `draftId` stands. False when the tab no longer keeps that
 * draft (closed, or another conversion took it): the caller drops what it stored.
 */
export function updateDraftPhoto(
  tabId: number,
  draftId: string,
  index: number,
  state: DraftPhotoState,
): Promise<boolean> {
  return serially(tabId, async () => {
    const record = await pendingDraft(tabId)
    if (record?.draftId !== draftId) return false
    const photos = record.photos.map((photo) =>
      photo.index === index ? { index, url: photo.url, ...state } : photo,
    )
    await writeValues('session', { [draftKey(tabId)]: { ...record, photos } })
    return true
  })
}

/**
 * The form was filled. The draft stays until its tab closes: reloading the page fills it again,
 * and a Facebook login in between (redirect and back) still finds it. Answers the record.
 */
export function markFilled(
  tabId: number,
  summary: FillSummary,
): Promise<PendingDraftRecord | null> {
  return serially(tabId, async () => {
    const record = await pendingDraft(tabId)
    if (!record) return null
    const filled = { ...record, filledAt: new Date().toISOString(), fillSummary: summary }
    await writeValues('session', { [draftKey(tabId)]: filled })
    return filled
  })
}

/**
 * The tab closed: its draft and photos go (a download still running drops its photo). Answers
 * the draft's id, for the caller to let go of its downloads.
 */
export function discardDraft(tabId: number): Promise<string | null> {
  return serially(tabId, async () => {
    const record = await pendingDraft(tabId)
    if (!record) return null
    await removeKeys('session', draftKey(tabId))
    await discardPhotos(record)
    return record.draftId
  })
}
