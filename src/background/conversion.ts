import { z } from 'zod'
import {
  DEFAULT_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  isApiError,
} from '../../api/client/api-error.ts'
import type { ConvertError } from '../../api/extension-messages.ts'
import type { ListingPermission } from '../../api/listing-permission.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { ConvertListingData } from '../../api/schemas/listings.ts'
import { MARKETPLACE_LIMITS } from '../../api/schemas/marketplace-draft.ts'
import type { ConversionPhase, ConversionState, ConvertOutcome } from '../messages.ts'
import { SESSION, readValue, writeValues } from '../storage.ts'
import { api } from './api.ts'
import { convertListing, fillAgainListing } from './convert-api.ts'
import { downloadDraftPhotos } from './draft-photos.ts'
import { marketplaceCreateUrl, savePendingDraft, type PendingDraftRecord } from './drafts.ts'
import { refreshIfStale } from './form-profile.ts'
import type { PhotoFetchOptions } from './photos.ts'

export const UPGRADE_MESSAGE = 'Your free trial has ended. Upgrade to keep converting listings.'
export const SERVER_DOWN_MESSAGE =
  'The ListingBridge server is not responding. Please try again in a few minutes.'
export const INTERRUPTED_MESSAGE = 'The conversion was interrupted. Please try again.'
export const BUSY_MESSAGE = 'A conversion is already running. Please wait for it to finish.'

const RUNNING: readonly ConversionPhase[] = ['converting', 'opening']

/**
 * A server that has not answered by then counts as down: the site's Fill again waits 60 s for
 * the extension's answer, and the popup's progress must not spin forever.
 */
export const SERVER_ANSWER_TIMEOUT_MS = 45_000

export interface ConversionDeps {
  photoOptions: PhotoFetchOptions
  serverAnswerTimeoutMs: number
}

const defaultDeps: ConversionDeps = {
  photoOptions: {},
  serverAnswerTimeoutMs: SERVER_ANSWER_TIMEOUT_MS,
}

/** The server's call that makes the draft: a conversion of a page, or Fill again of a stored listing. */
export type DraftRequest = () => Promise<ConvertListingData>

class ServerTimeout extends Error {
  override readonly name = 'ServerTimeout'
}

/** The request's answer, or ServerTimeout once `ms` have passed without one. */
async function withinDeadline(request: DraftRequest, ms: number): Promise<ConvertListingData> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ServerTimeout('The server did not answer in time.'))
    }, ms)
  })
  try {
    return await Promise.race([request(), deadline])
  } finally {
    clearTimeout(timer)
  }
}

export async function conversionState(): Promise<ConversionState | null> {
  return (await readValue<ConversionState>('session', SESSION.conversion)) ?? null
}

async function saveState(state: ConversionState): Promise<void> {
  await writeValues('session', {
    [SESSION.conversion]: { ...state, updatedAt: new Date().toISOString() },
  })
}

/**
 * Runs when the worker starts. A conversion marked as running was driven by a worker that Chrome
 * has since stopped: nothing drives it any more, so say so and let the user retry.
 */
export async function recoverInterruptedConversion(): Promise<void> {
  const state = await conversionState()
  if (state && RUNNING.includes(state.phase)) {
    await saveState({
      ...state,
      phase: 'failed',
      error: { kind: 'interrupted', message: INTERRUPTED_MESSAGE },
    })
    // Its tab may still be blank, or wait for photos nothing downloads: closing it drops the draft.
    if (state.phase === 'opening' && state.marketplaceTabId !== null) {
      await closeTab(state.marketplaceTabId)
    }
  }
}

/** Closes a tab this conversion opened; tabs.onRemoved then discards its draft and photos. */
async function closeTab(tabId: number): Promise<void> {
  await chrome.tabs.remove(tabId).catch(() => undefined)
}

/** The popup state each failure leads to. */
export function convertError(error: unknown): ConvertError {
  if (isApiError(error)) {
    if (error.kind === 'session-expired' || (error.kind === 'http' && error.status === 401)) {
      return { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE }
    }
    if (error.kind === 'network') return { kind: 'offline', message: error.message }
    if (error.kind === 'invalid-response' || error.status >= 500) {
      return { kind: 'server', message: SERVER_DOWN_MESSAGE }
    }
    if (error.status === 402) {
      const message = error.message === DEFAULT_ERROR_MESSAGE ? UPGRADE_MESSAGE : error.message
      return { kind: 'upgrade', message }
    }
    return { kind: 'rejected', message: error.message }
  }
  // A success answer that breaks the draft's contract is the server's fault, not the user's.
  if (error instanceof z.ZodError || error instanceof ServerTimeout) {
    return { kind: 'server', message: SERVER_DOWN_MESSAGE }
  }
  return { kind: 'failed', message: DEFAULT_ERROR_MESSAGE }
}

/** The popup's Convert: the page's listing, with the agent's answer about permission. */
export function startConversion(
  sourceTabId: number,
  listing: NormalizedListing,
  permission: ListingPermission,
  deps: ConversionDeps = defaultDeps,
): Promise<ConvertOutcome> {
  return runConversion(sourceTabId, () => convertListing(api(), { listing, permission }), deps)
}

/** The site's Fill again: a fresh draft of a stored listing, opened from the site's tab. */
export function startFillAgain(
  sourceTabId: number,
  listingId: string,
  deps: ConversionDeps = defaultDeps,
): Promise<ConvertOutcome> {
  return runConversion(sourceTabId, () => fillAgainListing(api(), listingId), deps)
}

/**
 * One draft's work: get it from the server (metered), keep it for a new tab, open Marketplace's
 * form there, and download the photos meanwhile: the tab fills the text fields while they
 * download and attaches them as they are stored (draft-photos.ts). Every step is written to
 * chrome.storage.session, which the popup watches; the popup may close at any time (it does when
 * the new tab opens) without stopping anything.
 */
async function runConversion(
  sourceTabId: number,
  request: DraftRequest,
  deps: ConversionDeps = defaultDeps,
): Promise<ConvertOutcome> {
  const current = await conversionState()
  if (current && RUNNING.includes(current.phase)) {
    return { ok: false, error: { kind: 'busy', message: BUSY_MESSAGE } }
  }
  // Alongside the conversion, not before it: the tab asks for the profile only once it opens.
  void refreshIfStale()
  let state: ConversionState = {
    runId: crypto.randomUUID(),
    sourceTabId,
    phase: 'converting',
    error: null,
    marketplaceTabId: null,
    updatedAt: new Date().toISOString(),
  }
  const update = async (patch: Partial<ConversionState>) => {
    state = { ...state, ...patch }
    await saveState(state)
  }
  await update({})

  let tabId: number | null = null
  try {
    const { listing_id: listingId, draft } = await withinDeadline(
      request,
      deps.serverAnswerTimeoutMs,
    )

    const urls = draft.photos.slice(0, MARKETPLACE_LIMITS.maxPhotos)
    await update({ phase: 'opening' })
    // The tab exists (blank) before the draft is stored under its id, and gets Marketplace's URL
    // only after: its content script can never ask before the draft is there.
    const tab = await chrome.tabs.create({
      url: 'about:blank',
      active: false,
      openerTabId: sourceTabId,
    })
    if (tab.id === undefined) throw new Error('The browser did not open a tab.')
    tabId = tab.id
    // Recorded at once, so a worker restarted from here on can close the tab.
    await update({ marketplaceTabId: tabId })
    const record: PendingDraftRecord = {
      draftId: crypto.randomUUID(),
      listingId,
      draft,
      photos: urls.map((url, index) => ({ index, url, state: 'downloading' })),
      createdAt: new Date().toISOString(),
      filledAt: null,
      fillSummary: null,
    }
    await savePendingDraft(tabId, record)
    downloadDraftPhotos(tabId, record, deps.photoOptions)
    await chrome.tabs.update(tabId, { url: marketplaceCreateUrl(draft), active: true })
    await update({ phase: 'done' })
    return { ok: true, marketplaceTabId: tabId }
  } catch (error) {
    const failure = convertError(error)
    // A blank tab, or one whose photos would never come, is of no use to the user.
    if (tabId !== null) await closeTab(tabId)
    await update({ phase: 'failed', error: failure })
    return { ok: false, error: failure }
  }
}
