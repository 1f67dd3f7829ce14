import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  type ApiErrorInit,
} from '../../api/client/api-error.ts'
import type { ConversionState, ConvertOutcome, PendingDraftView, Reply } from '../messages.ts'
import { LOCAL, SESSION, draftKey } from '../storage.ts'
import {
  deliver,
  installFakeChrome,
  marketplaceSender,
  popupSender,
  type FakeChrome,
} from '../test/fake-chrome.ts'
import { draftFor, listing } from '../test/fixtures.ts'
import type { ConvertedListing } from './convert-api.ts'
import { SERVER_DOWN_MESSAGE } from './conversion.ts'
import { MARKETPLACE_CREATE_URL } from './drafts.ts'
import { urlOf } from '../test/fake-chrome.ts'

// The server's convert route is the lead's to add; the worker's call of it is replaced here.
const convertListing = vi.hoisted(() =>
  vi.fn<(client: unknown, body: unknown) => Promise<ConvertedListing>>(),
)
vi.mock('./convert-api.ts', () => ({ convertListing }))

let fake: FakeChrome

/** Starts the worker as Chrome does: a fresh module instance, listeners registered anew. */
async function startWorker(): Promise<void> {
  fake.chrome.runtime.onMessage.clear()
  fake.chrome.runtime.onMessageExternal.clear()
  fake.chrome.tabs.onRemoved.clear()
  vi.resetModules()
  await import('./index.ts')
}

async function ask<T>(type: string, payload: unknown, sender = popupSender): Promise<T> {
  const reply = (await deliver(fake.chrome.runtime.onMessage, { type, payload }, sender)) as Reply
  if (!reply.ok) throw new Error(reply.error)
  return reply.value as T
}

/** Photos answer with their own URL as bytes, so each can be recognised later. */
function photoServer() {
  const fetch = vi.fn((input: string | URL | Request) =>
    Promise.resolve(
      new Response(`bytes of ${urlOf(input)}`, { headers: { 'content-type': 'image/jpeg' } }),
    ),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

beforeEach(async () => {
  fake = installFakeChrome()
  convertListing.mockReset()
  await fake.local.set({ [LOCAL.refreshToken]: 'r1', [LOCAL.userId]: 'u1' })
  await fake.session.set({ [SESSION.accessToken]: 'a1' })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('pending drafts', () => {
  it('converts, keeps the draft for the new tab, and hands it over after a worker restart', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3) })
    await startWorker()

    const outcome = await ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing })
    expect(outcome).toEqual({ ok: true, marketplaceTabId: 100 })
    expect(convertListing.mock.calls[0]?.[1]).toEqual(listing)
    // The tab opens blank, next to the listing, and gets Marketplace's URL once the draft is kept.
    expect(fake.chrome.tabs.create).toHaveBeenCalledWith({
      url: 'about:blank',
      active: false,
      openerTabId: 7,
    })
    expect(fake.chrome.tabs.update).toHaveBeenCalledWith(100, {
      url: MARKETPLACE_CREATE_URL,
      active: true,
    })
    expect(fake.session.data.has(draftKey(100))).toBe(true)

    // Chrome stops the worker; the Marketplace content script's message starts a new one.
    await startWorker()
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view.listingId).toBe('L1')
    expect(view.draft).toEqual(draftFor(3))
    expect(view.missingPhotos).toBe(0)
    expect(view.photos.map((p) => [p.index, p.name, p.type])).toEqual([
      [0, 'listing-photo-01.jpg', 'image/jpeg'],
      [1, 'listing-photo-02.jpg', 'image/jpeg'],
      [2, 'listing-photo-03.jpg', 'image/jpeg'],
    ])
    const photo = await ask<{ base64: string; type: string }>(
      'draft:photo',
      { index: 1 },
      marketplaceSender(100),
    )
    expect(atob(photo.base64)).toBe(`bytes of ${draftFor(3).photos[1] ?? ''}`)
    expect(photo.type).toBe('image/jpeg')

    // Another tab has no draft; the popup may not ask for a tab's draft at all.
    await expect(ask('draft:get', {}, marketplaceSender(101))).resolves.toBeNull()
    await expect(ask('draft:get', {}, popupSender)).rejects.toThrow('not accepted')
  })

  it('forgets a tab’s draft and its photos when the tab closes', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(2) })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing })
    expect(fake.caches.caches.get('listingbridge-draft-photos-v1')?.size).toBe(2)

    for (const listener of fake.chrome.tabs.onRemoved.listeners) listener(100)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.session.data.has(draftKey(100))).toBe(false)
    expect(fake.caches.caches.get('listingbridge-draft-photos-v1')?.size).toBe(0)
  })

  it('goes on without photos that could not be downloaded, and says how many', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL | Request) =>
        Promise.resolve(
          urlOf(input).includes('photo-2-')
            ? new Response('gone', { status: 404 })
            : new Response('ok', { headers: { 'content-type': 'image/jpeg' } }),
        ),
      ),
    )
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3) })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing })
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view.photos.map((p) => p.index)).toEqual([0, 2])
    expect(view.missingPhotos).toBe(1)
  })
})

describe('conversion state', () => {
  it('writes photo progress for the popup, in order, up to the total', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(20) })
    const seen: string[] = []
    fake.chrome.storage.onChanged.addListener((changes) => {
      const state = changes[SESSION.conversion]?.newValue as ConversionState | undefined
      if (state)
        seen.push(
          state.phase === 'photos'
            ? `photos ${state.photosDone}/${state.photosTotal}`
            : state.phase,
        )
    })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing })
    expect(seen[0]).toBe('converting')
    expect(seen).toContain('photos 0/20')
    expect(seen).toContain('photos 7/20')
    const photoSteps = seen
      .filter((s) => s.startsWith('photos'))
      .map((s) => Number(/(\d+)\//.exec(s)?.[1]))
    expect(photoSteps).toEqual([...photoSteps].sort((a, b) => a - b))
    expect(seen.slice(-2)).toEqual(['opening', 'done'])
  })

  it('a worker that starts while a conversion was running marks it interrupted', async () => {
    const running: ConversionState = {
      runId: 'old',
      sourceTabId: 7,
      phase: 'photos',
      photosDone: 3,
      photosTotal: 20,
      error: null,
      marketplaceTabId: null,
      updatedAt: new Date().toISOString(),
    }
    await fake.session.set({ [SESSION.conversion]: running })
    await startWorker()
    const state = await ask<ConversionState>('convert:status', { sourceTabId: 7 })
    expect(state.phase).toBe('failed')
    expect(state.error?.kind).toBe('interrupted')
    // And a new conversion may start (it is not "busy").
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L2', draft: draftFor(1) })
    await expect(ask('convert:start', { sourceTabId: 7, listing })).resolves.toMatchObject({
      ok: true,
    })
  })

  it('refuses a second conversion while one runs', async () => {
    photoServer()
    let finish: (value: ConvertedListing) => void = () => undefined
    convertListing.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    await startWorker()
    const first = ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const second = await ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing })
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } })
    finish({ listing_id: 'L1', draft: draftFor(1) })
    await expect(first).resolves.toMatchObject({ ok: true })
  })

  const cases: [string, ApiErrorInit, string, string][] = [
    [
      '402',
      { kind: 'http', status: 402, message: 'Your trial has ended.' },
      'upgrade',
      'Your trial has ended.',
    ],
    [
      'no answer',
      { kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE },
      'offline',
      NETWORK_ERROR_MESSAGE,
    ],
    [
      '503',
      { kind: 'http', status: 503, message: 'An error occurred' },
      'server',
      SERVER_DOWN_MESSAGE,
    ],
    [
      'failed refresh',
      { kind: 'session-expired', status: 401, message: 'x' },
      'session-expired',
      SESSION_EXPIRED_MESSAGE,
    ],
    [
      '422',
      { kind: 'http', status: 422, message: 'Price is required' },
      'rejected',
      'Price is required',
    ],
  ]
  it.each(cases)(
    'maps %s to the popup state %s, opening no tab',
    async (_name, init, kind, message) => {
      await startWorker()
      // The worker's own copy of ApiError (modules were re-imported with the worker).
      const { ApiError } = await import('../../api/client/api-error.ts')
      convertListing.mockRejectedValue(new ApiError(init))
      const outcome = await ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing })
      expect(outcome).toEqual({ ok: false, error: { kind, message } })
      const state = await ask<ConversionState>('convert:status', { sourceTabId: 7 })
      expect(state).toMatchObject({ phase: 'failed', error: { kind, message } })
      expect(fake.chrome.tabs.create).not.toHaveBeenCalled()
    },
  )
})

describe('who may ask', () => {
  it('only extension pages may log in or convert; content scripts only about drafts', async () => {
    await startWorker()
    const zillowScript = {
      ...marketplaceSender(5),
      url: 'https://www.zillow.com/homedetails/x/1_zpid/',
      origin: 'https://www.zillow.com',
    }
    await expect(
      ask('convert:start', { sourceTabId: 5, listing }, marketplaceSender(5)),
    ).rejects.toThrow('not accepted')
    await expect(ask('session:status', {}, zillowScript)).rejects.toThrow('not accepted')
    await expect(ask('draft:get', {}, zillowScript)).rejects.toThrow('not accepted')
    await expect(ask('session:status', {}, popupSender)).resolves.toMatchObject({ loggedIn: true })
  })

  it('asks the tab’s content script for the listing, and says "not a listing" when none answers', async () => {
    await startWorker()
    fake.chrome.tabs.sendMessage.mockResolvedValueOnce({ ok: true, value: { ok: true, listing } })
    await expect(ask('listing:get', { tabId: 7, url: listing.url })).resolves.toEqual({
      ok: true,
      listing,
    })
    expect(fake.chrome.tabs.sendMessage).toHaveBeenCalledWith(
      7,
      { type: 'zillow:extract', payload: {} },
      { frameId: 0 },
    )

    await expect(
      ask('listing:get', { tabId: 8, url: 'https://example.com/' }),
    ).resolves.toMatchObject({
      ok: false,
      reason: 'not-a-listing',
    })
    // A listing URL without our script: Zillow got there without a page load.
    await expect(ask('listing:get', { tabId: 8, url: listing.url })).resolves.toMatchObject({
      ok: false,
      reason: 'no-data',
    })
  })
})
