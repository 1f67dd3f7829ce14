import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  type ApiErrorInit,
} from '../../api/client/api-error.ts'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import type { ConvertListingData } from '../../api/schemas/listings.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import type {
  ConversionState,
  ConvertOutcome,
  PendingDraftView,
  PhotoPayload,
  Reply,
} from '../messages.ts'
import { LOCAL, SESSION, draftKey } from '../storage.ts'
import {
  deliver,
  installFakeChrome,
  marketplaceSender,
  popupSender,
  siteSender,
  type FakeChrome,
} from '../testing/fake-chrome.ts'
import { draftFor, listing, sampleMe } from '../testing/fixtures.ts'
import { SERVER_DOWN_MESSAGE } from './conversion.ts'
import { MARKETPLACE_CREATE_URL, type PendingDraftRecord } from './drafts.ts'
import { INVALID_LISTING_MESSAGE, NOT_LOGGED_IN_MESSAGE } from './fill-again.ts'
import { urlOf } from '../testing/fake-chrome.ts'

// The worker's calls of the server's convert and Fill again routes are replaced here.
const { convertListing, fillAgainListing } = vi.hoisted(() => ({
  convertListing: vi.fn<(client: unknown, body: unknown) => Promise<ConvertListingData>>(),
  fillAgainListing: vi.fn<(client: unknown, listingId: string) => Promise<ConvertListingData>>(),
}))
vi.mock('./convert-api.ts', () => ({ convertListing, fillAgainListing }))
/** The popup's answer to "whose listing is it?", sent with every conversion. */
const permission = { basis: 'broker_permission' } as const
// Watched, not replaced: when the worker lets go of a draft's downloads.
const forgotten = vi.fn<(draftId: string) => void>()

let fake: FakeChrome

/** Starts the worker as Chrome does: a fresh module instance, listeners registered anew. */
async function startWorker(): Promise<void> {
  fake.chrome.runtime.onMessage.clear()
  fake.chrome.runtime.onMessageExternal.clear()
  fake.chrome.tabs.onRemoved.clear()
  vi.resetModules()
  // Mocked anew with each worker: the mock must not keep the old worker's downloads.
  vi.doMock('./draft-photos.ts', async (importOriginal) => {
    const actual = await importOriginal<typeof import('./draft-photos.ts')>()
    return {
      ...actual,
      forgetDraftPhotos: (draftId: string) => {
        forgotten(draftId)
        actual.forgetDraftPhotos(draftId)
      },
    }
  })
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
  fillAgainListing.mockReset()
  forgotten.mockReset()
  await fake.local.set({ [LOCAL.refreshToken]: 'r1', [LOCAL.userId]: 'u1' })
  await fake.session.set({ [SESSION.accessToken]: 'a1' })
  // A profile fetched a moment ago: conversions do not fetch it again (the tests' fetch stubs
  // answer photos only).
  await keepProfile(BUILT_IN_FORM_PROFILE, 0)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function keepProfile(profile: MarketplaceFormProfile, ageMs: number): Promise<void> {
  await fake.local.set({
    [LOCAL.formProfile]: { profile, fetchedAt: new Date(Date.now() - ageMs).toISOString() },
  })
}

/** The record the worker keeps for a Marketplace tab. */
function storedDraft(tabId: number): PendingDraftRecord | undefined {
  return fake.session.data.get(draftKey(tabId)) as PendingDraftRecord | undefined
}

/** Waits until no photo of the tab's draft is still downloading. */
async function photosSettled(tabId: number): Promise<PendingDraftRecord> {
  return vi.waitFor(() => {
    const record = storedDraft(tabId)
    if (!record || record.photos.some((p) => p.state === 'downloading')) throw new Error('busy')
    return record
  })
}

/** Photo downloads that answer only when the test says (per URL), as a slow network. */
function heldPhotoServer() {
  const waiting = new Map<string, () => void>()
  const fetch = vi.fn(
    (input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const url = urlOf(input)
        waiting.set(url, () => {
          resolve(new Response(`bytes of ${url}`, { headers: { 'content-type': 'image/jpeg' } }))
        })
        init?.signal?.addEventListener('abort', () => {
          waiting.delete(url)
          reject(new DOMException('The operation was aborted.', 'AbortError'))
        })
      }),
  )
  vi.stubGlobal('fetch', fetch)
  return {
    fetch,
    /** Answers the download of `url` (it must have been asked for). */
    answer(url: string) {
      const respond = waiting.get(url)
      if (!respond) throw new Error(`${url} was not asked for`)
      waiting.delete(url)
      respond()
    },
    asked: () => [...waiting.keys()],
  }
}

describe('storage', () => {
  it('closes chrome.storage.local (the refresh token) to content scripts when it starts', async () => {
    fake.local.accessLevel = 'TRUSTED_AND_UNTRUSTED_CONTEXTS'
    await startWorker()
    await ask('session:status', {})
    expect(fake.local.accessLevel).toBe('TRUSTED_CONTEXTS')
  })

  it('forgets the retired once-per-user permission answers when installed or updated', async () => {
    await fake.local.set({ 'compliance.confirmations': { u1: '2026-01-01T00:00:00.000Z' } })
    await startWorker()
    for (const listener of fake.chrome.runtime.onInstalled.listeners) listener()
    await vi.waitFor(() => {
      expect(fake.local.data.has('compliance.confirmations')).toBe(false)
    })
    // The session stays.
    expect(fake.local.data.get(LOCAL.refreshToken)).toBe('r1')
  })
  it("forgets the last conversion's outcome at logout: the next account must not see it", async () => {
    await startWorker()
    await fake.session.set({
      [SESSION.conversion]: {
        sourceTabId: 7,
        phase: 'failed',
        error: { kind: 'trial-expired', message: 'Your 7-day free trial has ended.' },
      },
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    )
    await ask('session:logout', {})
    expect(await ask('convert:status', { sourceTabId: 7 })).toBeNull()
  })
})

describe('pending drafts', () => {
  it('converts, keeps the draft for the new tab, and hands it over after a worker restart', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3), metered: true })
    await startWorker()

    const outcome = await ask<ConvertOutcome>('convert:start', {
      sourceTabId: 7,
      listing,
      permission,
    })
    expect(outcome).toEqual({ ok: true, marketplaceTabId: 100 })
    // The server gets the listing with the agent's answer for it.
    expect(convertListing.mock.calls[0]?.[1]).toEqual({ listing, permission })
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
    const record = await photosSettled(100)
    expect(record.photos.map((p) => [p.index, p.url, p.state])).toEqual(
      draftFor(3).photos.map((url, i) => [i, url, 'stored']),
    )

    // Chrome stops the worker; the Marketplace content script's message starts a new one.
    await startWorker()
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view).toEqual({
      listingId: 'L1',
      draft: draftFor(3),
      photoCount: 3,
      profile: BUILT_IN_FORM_PROFILE,
      taughtLabels: {},
    })
    const photo = await ask<PhotoPayload>('draft:photo', { index: 1 }, marketplaceSender(100))
    expect(atob(photo.base64)).toBe(`bytes of ${draftFor(3).photos[1] ?? ''}`)
    expect(photo).toMatchObject({ name: 'listing-photo-02.jpg', type: 'image/jpeg' })

    // Another tab has no draft; the popup may not ask for a tab's draft at all.
    await expect(ask('draft:get', {}, marketplaceSender(101))).resolves.toBeNull()
    await expect(ask('draft:photo', { index: 0 }, marketplaceSender(101))).resolves.toBeNull()
    await expect(ask('draft:get', {}, popupSender)).rejects.toThrow('not accepted')
  })

  it('opens the tab before the photos are downloaded, and answers each photo once it is stored', async () => {
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(8), metered: true })
    await startWorker()

    // The conversion is done, and the tab open, while every download still waits.
    const outcome = await ask<ConvertOutcome>('convert:start', {
      sourceTabId: 7,
      listing,
      permission,
    })
    expect(outcome).toEqual({ ok: true, marketplaceTabId: 100 })
    expect(fake.chrome.tabs.update).toHaveBeenCalledWith(
      100,
      expect.objectContaining({ url: MARKETPLACE_CREATE_URL }),
    )
    await vi.waitFor(() => {
      expect(server.asked()).toHaveLength(6)
    })
    // Six at a time, in the draft's order.
    const urls = draftFor(8).photos
    expect(server.asked()).toEqual(urls.slice(0, 6))
    expect(storedDraft(100)?.photos.every((p) => p.state === 'downloading')).toBe(true)
    const state = await ask<ConversionState>('convert:status', { sourceTabId: 7 })
    expect(state).toMatchObject({ phase: 'done', marketplaceTabId: 100 })

    // The tab asks for the last photo first: answered when that download is done, not before.
    const last = ask<PhotoPayload>('draft:photo', { index: 7 }, marketplaceSender(100))
    const first = ask<PhotoPayload>('draft:photo', { index: 0 }, marketplaceSender(100))
    let lastAnswered = false
    void last.then(() => (lastAnswered = true))
    server.answer(urls[0] ?? '')
    expect(atob((await first).base64)).toBe(`bytes of ${urls[0] ?? ''}`)
    for (const url of urls.slice(1, 7)) {
      await vi.waitFor(() => {
        expect(server.asked()).toContain(url)
      })
      server.answer(url)
    }
    await vi.waitFor(() => {
      expect(server.asked()).toEqual([urls[7]])
    })
    expect(lastAnswered).toBe(false)
    server.answer(urls[7] ?? '')
    expect((await last).name).toBe('listing-photo-08.jpg')
    const record = await photosSettled(100)
    expect(record.photos.map((p) => p.state)).toEqual(Array(8).fill('stored'))
    expect(server.fetch).toHaveBeenCalledTimes(8)
  })

  it('a restarted worker downloads again the photos whose download died with the old one', async () => {
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    await vi.waitFor(() => {
      expect(server.asked()).toHaveLength(3)
    })
    // Photo 1 is stored; then Chrome stops the worker with photos 2 and 3 downloading. (Their
    // old requests are never answered: they died with it.)
    server.answer(draftFor(3).photos[0] ?? '')
    await vi.waitFor(() => {
      expect(storedDraft(100)?.photos[0]?.state).toBe('stored')
    })
    await startWorker()
    const again = photoServer()

    const photos = await Promise.all(
      [0, 1, 2].map((index) =>
        ask<PhotoPayload | null>('draft:photo', { index }, marketplaceSender(100)),
      ),
    )
    expect(photos.map((p) => p?.name)).toEqual([
      'listing-photo-01.jpg',
      'listing-photo-02.jpg',
      'listing-photo-03.jpg',
    ])
    // Only the two that died were downloaded again, once each.
    expect(again.mock.calls.map(([input]) => urlOf(input))).toEqual(draftFor(3).photos.slice(1))
    const record = await photosSettled(100)
    expect(record.photos.map((p) => p.state)).toEqual(['stored', 'stored', 'stored'])
  })

  it('a photo stored by a worker that stopped before recording it is not downloaded again', async () => {
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    const record = storedDraft(100)
    if (!record) throw new Error('no draft')
    // The bytes are in the store; the record still says "downloading".
    const { savePhoto } = await import('./photo-store.ts')
    await savePhoto(record.draftId, 0, new Blob(['kept bytes'], { type: 'image/jpeg' }))
    await startWorker()
    const fetch = photoServer()

    const photo = await ask<PhotoPayload>('draft:photo', { index: 0 }, marketplaceSender(100))
    expect(atob(photo.base64)).toBe('kept bytes')
    expect(fetch).not.toHaveBeenCalled()
    expect((await photosSettled(100)).photos[0]?.state).toBe('stored')
    expect(server.fetch).toHaveBeenCalledTimes(1)
  })

  it('forgets a tab’s draft and its photos when the tab closes, even mid-download', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(2), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    await photosSettled(100)
    expect(fake.caches.caches.get('listingbridge-draft-photos-v1')?.size).toBe(2)

    for (const listener of fake.chrome.tabs.onRemoved.listeners) listener(100)
    await vi.waitFor(() => {
      expect(fake.session.data.has(draftKey(100))).toBe(false)
    })
    expect(fake.caches.caches.get('listingbridge-draft-photos-v1')?.size).toBe(0)

    // A download that settles after its tab closed leaves nothing behind, and stops the others.
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L2', draft: draftFor(18), metered: true })
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    await vi.waitFor(() => {
      expect(server.asked()).toHaveLength(6)
    })
    for (const listener of fake.chrome.tabs.onRemoved.listeners) listener(101)
    await vi.waitFor(() => {
      expect(fake.session.data.has(draftKey(101))).toBe(false)
    })
    for (const url of draftFor(18).photos.slice(0, 6)) server.answer(url)
    // The six that took the freed places are aborted; the last six never start.
    await vi.waitFor(() => {
      expect(server.fetch).toHaveBeenCalledTimes(12)
      expect(server.asked()).toEqual([])
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.fetch).toHaveBeenCalledTimes(12)
    expect(fake.caches.caches.get('listingbridge-draft-photos-v1')?.size).toBe(0)
    expect(fake.session.data.has(draftKey(101))).toBe(false)
  })

  it('goes on without photos that could not be downloaded, and says which', async () => {
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
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    const photos = await Promise.all(
      [0, 1, 2].map((index) =>
        ask<PhotoPayload | null>('draft:photo', { index }, marketplaceSender(100)),
      ),
    )
    expect(photos.map((p) => p?.name ?? null)).toEqual([
      'listing-photo-01.jpg',
      null,
      'listing-photo-03.jpg',
    ])
    const record = await photosSettled(100)
    expect(record.photos[1]).toMatchObject({ state: 'failed', error: 'HTTP 404' })
    // A restarted worker does not try a failed photo again.
    await startWorker()
    await expect(ask('draft:photo', { index: 1 }, marketplaceSender(100))).resolves.toBeNull()
  })

  it('a form filled while photos still download keeps them: a reload gets them without downloading again', async () => {
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(2), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    const [first, second] = draftFor(2).photos as [string, string]
    await vi.waitFor(() => {
      expect(server.asked()).toHaveLength(2)
    })
    server.answer(first)
    await vi.waitFor(() => {
      expect(storedDraft(100)?.photos[0]?.state).toBe('stored')
    })
    // The filler gave up waiting for photo 2 and reported.
    await ask('draft:filled', { filled: [], needsUser: ['photos'] }, marketplaceSender(100))
    expect(forgotten).not.toHaveBeenCalled()
    const photo = ask<PhotoPayload>('draft:photo', { index: 1 }, marketplaceSender(100))
    server.answer(second)
    expect(atob((await photo).base64)).toBe(`bytes of ${second}`)
    expect(server.fetch).toHaveBeenCalledTimes(2)
  })

  it('lets go of the downloads of a draft whose tab closed', async () => {
    heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(2), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    const draftId = storedDraft(100)?.draftId
    await fake.chrome.tabs.remove(100)
    await vi.waitFor(() => {
      expect(forgotten).toHaveBeenCalledWith(draftId)
    })
  })

  it('keeps the fill report beside the photos’ states', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(2), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    const summary = { filled: ['price'], needsUser: ['date_available'] }
    // The report and the downloads' records are written one after another, never over each other.
    await ask('draft:filled', summary, marketplaceSender(100))
    const record = await photosSettled(100)
    expect(record.fillSummary).toEqual(summary)
    expect(record.filledAt).not.toBeNull()
    expect(record.photos.map((p) => p.state)).toEqual(['stored', 'stored'])
  })
})

describe('the form profile', () => {
  const PROFILE_URL = 'http://localhost:8787/api/v1/marketplace/form-profile'
  const served = (version: string): MarketplaceFormProfile => ({
    ...BUILT_IN_FORM_PROFILE,
    version,
  })

  /** Photos as photoServer; the profile route answers `profile()` (null: the server is down). */
  function server(profile: () => MarketplaceFormProfile | null) {
    const fetch = vi.fn((input: string | URL | Request) => {
      const url = urlOf(input)
      if (url !== PROFILE_URL) {
        return Promise.resolve(
          new Response(`bytes of ${url}`, { headers: { 'content-type': 'image/jpeg' } }),
        )
      }
      const data = profile()
      return Promise.resolve(
        data === null
          ? new Response('Bad gateway', { status: 502 })
          : new Response(JSON.stringify({ status: 'success', data }), {
              headers: { 'content-type': 'application/json' },
            }),
      )
    })
    vi.stubGlobal('fetch', fetch)
    return {
      fetch,
      profileFetches: () => fetch.mock.calls.filter(([i]) => urlOf(i) === PROFILE_URL),
    }
  }

  it('a conversion fetches a stale profile alongside; the tab gets the newest', async () => {
    const { profileFetches } = server(() => served('server-2'))
    await keepProfile(served('server-1'), 11 * 60_000)
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await startWorker()

    await ask('convert:start', { sourceTabId: 7, listing, permission })
    await vi.waitFor(() => {
      expect(profileFetches()).toHaveLength(1)
    })
    await vi.waitFor(async () => {
      const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
      expect(view.profile.version).toBe('server-2')
    })
    // Fresh now: the next conversion does not fetch it.
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    expect(profileFetches()).toHaveLength(1)
    await photosSettled(101)
  })

  it('a conversion does not wait for the profile', async () => {
    // The profile route never answers.
    const fetch = vi.fn((input: string | URL | Request) =>
      urlOf(input) === PROFILE_URL
        ? new Promise<Response>(() => undefined)
        : Promise.resolve(new Response('x', { headers: { 'content-type': 'image/jpeg' } })),
    )
    vi.stubGlobal('fetch', fetch)
    await keepProfile(served('server-1'), 60 * 60_000)
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await startWorker()

    await expect(
      ask('convert:start', { sourceTabId: 7, listing, permission }),
    ).resolves.toMatchObject({
      ok: true,
    })
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view.profile.version).toBe('server-1')
  })

  it('profile:refresh answers a newer profile (fetched, or kept when the server is down), else null', async () => {
    let answer: MarketplaceFormProfile | null = served('server-2')
    const { profileFetches } = server(() => answer)
    await startWorker()
    const refresh = (version: string) =>
      ask<MarketplaceFormProfile | null>('profile:refresh', { version }, marketplaceSender(100))

    // Fetched at once, though the stored copy is fresh.
    await expect(refresh(BUILT_IN_FORM_PROFILE.version)).resolves.toEqual(served('server-2'))
    await expect(refresh('server-2')).resolves.toBeNull()
    expect(profileFetches()).toHaveLength(2)
    expect(fake.local.data.get(LOCAL.formProfile)).toMatchObject({ profile: served('server-2') })

    // The server is down: the kept copy is newer than the tab's, so the tab gets it; a tab that
    // already has it gets nothing.
    answer = null
    await expect(refresh(BUILT_IN_FORM_PROFILE.version)).resolves.toEqual(served('server-2'))
    await expect(refresh('server-2')).resolves.toBeNull()
    expect(fake.local.data.get(LOCAL.formProfile)).toMatchObject({ profile: served('server-2') })

    // Only the Marketplace content script asks.
    await expect(ask('profile:refresh', { version: 'x' }, popupSender)).rejects.toThrow(
      'not accepted',
    )
  })
})

describe('fill reports and taught labels', () => {
  const REPORTS_URL = 'http://localhost:8787/api/v1/marketplace/fill-reports'
  const report: FillReportBody = {
    profile_version: 'server-2',
    language: 'en-US',
    duration_ms: 4200,
    fields: [
      { field: 'price', outcome: 'filled', label: 'Price per month' },
      { field: 'bedrooms', outcome: 'not_found', label: null },
    ],
  }

  /** The fill-reports route answers `status`; every call recorded. */
  function reportServer(status: number) {
    const fetch = vi.fn((_input: string | URL | Request, _init?: RequestInit) =>
      Promise.resolve(
        status === 201
          ? new Response(JSON.stringify({ status: 'success', data: { report_id: 'r1' } }), {
              status,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ status: 'error', message: 'Down' }), { status }),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    return fetch
  }

  it('posts the report with the session’s bearer, once', async () => {
    const fetch = reportServer(201)
    await startWorker()

    await expect(ask('fill:report', report, marketplaceSender(100))).resolves.toEqual({ ok: true })

    expect(fetch).toHaveBeenCalledOnce()
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url === undefined ? '' : urlOf(url)).toBe(REPORTS_URL)
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a1')
    expect(JSON.parse(init?.body as string)).toEqual(report)
  })

  it('a report the server refuses, or cannot take, is logged and the agent told nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetch = reportServer(500)
    await startWorker()

    await expect(ask('fill:report', report, marketplaceSender(100))).resolves.toEqual({ ok: true })
    expect(fetch).toHaveBeenCalledOnce()
    expect(warn).toHaveBeenCalledWith(
      'ListingBridge could not save a fill report:',
      expect.anything(),
    )

    // Offline: the same.
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(ask('fill:report', report, marketplaceSender(100))).resolves.toEqual({ ok: true })
    expect(fetch).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('takes a page language the contract does not as none, and drops a report without fields', async () => {
    const fetch = reportServer(201)
    await startWorker()
    await ask('fill:report', { ...report, language: 'English' }, marketplaceSender(100))
    expect(JSON.parse(fetch.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      language: null,
    })

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await ask('fill:report', { ...report, fields: [] }, marketplaceSender(100))
    expect(fetch).toHaveBeenCalledOnce()
    warn.mockRestore()
    await expect(ask('fill:report', report, popupSender)).rejects.toThrow('not accepted')
  })

  it('keeps taught labels in local storage and hands them out with the draft', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })

    await ask(
      'teach:save',
      { field: 'bedrooms', label: 'How many bedrooms' },
      marketplaceSender(100),
    )
    await ask('teach:save', { field: 'price', label: ' Rent ' }, marketplaceSender(100))
    expect(fake.local.data.get(LOCAL.taughtLabels)).toEqual({
      bedrooms: 'How many bedrooms',
      price: 'Rent',
    })
    await expect(
      ask('teach:save', { field: 'nope', label: 'x' }, marketplaceSender(100)),
    ).rejects.toThrow()
    await expect(ask('teach:save', { field: 'price', label: 'x' }, popupSender)).rejects.toThrow(
      'not accepted',
    )

    await startWorker()
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view.taughtLabels).toEqual({ bedrooms: 'How many bedrooms', price: 'Rent' })
    await photosSettled(100)
  })
})

describe('conversion state', () => {
  it('goes converting → opening → done; the photos download after', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(20), metered: true })
    const seen: string[] = []
    fake.chrome.storage.onChanged.addListener((changes) => {
      const state = changes[SESSION.conversion]?.newValue as ConversionState | undefined
      if (state) seen.push(state.phase)
    })
    await startWorker()
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    // "opening" twice: the second names the new tab, as soon as it exists.
    expect(seen).toEqual(['converting', 'opening', 'opening', 'done'])
    await photosSettled(100)
  })

  it('sends the tab to Marketplace before saying done: the state names the tab while opening', async () => {
    photoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await startWorker()
    let whenSent: unknown
    const update = fake.chrome.tabs.update.getMockImplementation()
    fake.chrome.tabs.update.mockImplementationOnce((tabId, properties) => {
      whenSent = fake.session.data.get(SESSION.conversion)
      if (!update) throw new Error('no tabs.update')
      return update(tabId, properties)
    })
    await ask('convert:start', { sourceTabId: 7, listing, permission })
    expect(whenSent).toMatchObject({ phase: 'opening', marketplaceTabId: 100 })
    await photosSettled(100)
  })

  it('closes the new tab when opening fails, which drops its draft and photos', async () => {
    const server = heldPhotoServer()
    convertListing.mockResolvedValue({ listing_id: 'L1', draft: draftFor(3), metered: true })
    await startWorker()
    fake.chrome.tabs.update.mockRejectedValueOnce(new Error('No tab with id: 100.'))
    const outcome = await ask<ConvertOutcome>('convert:start', {
      sourceTabId: 7,
      listing,
      permission,
    })
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'failed' } })
    expect(fake.chrome.tabs.remove).toHaveBeenCalledWith(100)
    expect(fake.tabs).toEqual([])
    await vi.waitFor(() => {
      expect(fake.session.data.has(draftKey(100))).toBe(false)
    })
    // The downloads under way stop with it.
    for (const url of draftFor(3).photos) server.answer(url)
    await vi.waitFor(() => {
      expect(server.asked()).toEqual([])
    })
  })

  it('a restarted worker closes the blank tab of a conversion interrupted while opening', async () => {
    const running: ConversionState = {
      runId: 'old',
      sourceTabId: 7,
      phase: 'opening',
      error: null,
      marketplaceTabId: 100,
      updatedAt: new Date().toISOString(),
    }
    await fake.chrome.tabs.create({ url: 'about:blank', active: false })
    await fake.session.set({ [SESSION.conversion]: running })
    await startWorker()
    const state = await ask<ConversionState>('convert:status', { sourceTabId: 7 })
    expect(state.error?.kind).toBe('interrupted')
    expect(fake.chrome.tabs.remove).toHaveBeenCalledWith(100)
    expect(fake.tabs).toEqual([])
  })

  it('a worker that starts while a conversion was running marks it interrupted', async () => {
    const running: ConversionState = {
      runId: 'old',
      sourceTabId: 7,
      phase: 'opening',
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
    convertListing.mockResolvedValue({ listing_id: 'L2', draft: draftFor(1), metered: true })
    await expect(
      ask('convert:start', { sourceTabId: 7, listing, permission }),
    ).resolves.toMatchObject({
      ok: true,
    })
    await photosSettled(100)
  })

  it('refuses a second conversion while one runs', async () => {
    photoServer()
    let finish: (value: ConvertListingData) => void = () => undefined
    convertListing.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    await startWorker()
    const first = ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing, permission })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const second = await ask<ConvertOutcome>('convert:start', {
      sourceTabId: 7,
      listing,
      permission,
    })
    expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } })
    finish({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await expect(first).resolves.toMatchObject({ ok: true })
    await photosSettled(100)
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
      const outcome = await ask<ConvertOutcome>('convert:start', {
        sourceTabId: 7,
        listing,
        permission,
      })
      expect(outcome).toEqual({ ok: false, error: { kind, message } })
      const state = await ask<ConversionState>('convert:status', { sourceTabId: 7 })
      expect(state).toMatchObject({ phase: 'failed', error: { kind, message } })
      expect(fake.chrome.tabs.create).not.toHaveBeenCalled()
    },
  )
})

/** The site's message, as Chrome delivers it from one of its tabs. */
function fromSite(type: string, payload: unknown, tabId: number | null = 3) {
  const sender = {
    ...siteSender('http://localhost:8787'),
    ...(tabId === null ? {} : { tab: { id: tabId } as chrome.tabs.Tab }),
  }
  return deliver(fake.chrome.runtime.onMessageExternal, { type, payload }, sender) as Promise<Reply>
}

describe('Fill again from the site', () => {
  it('opens Marketplace beside the site’s tab with the stored listing’s fresh draft', async () => {
    photoServer()
    fillAgainListing.mockResolvedValue({ listing_id: 'L9', draft: draftFor(2), metered: false })
    await startWorker()
    await expect(fromSite('listing:fill-again', { listing_id: 'L9' })).resolves.toEqual({
      ok: true,
      value: { ok: true },
    })
    expect(fillAgainListing.mock.calls.map((call) => call[1])).toEqual(['L9'])
    expect(convertListing).not.toHaveBeenCalled()
    // The same pipeline as Convert: a blank tab beside the site's, the draft kept, then Marketplace.
    expect(fake.chrome.tabs.create).toHaveBeenCalledWith({
      url: 'about:blank',
      active: false,
      openerTabId: 3,
    })
    expect(fake.chrome.tabs.update).toHaveBeenCalledWith(100, {
      url: MARKETPLACE_CREATE_URL,
      active: true,
    })
    const record = await photosSettled(100)
    expect(record.listingId).toBe('L9')
    expect(record.photos.map((p) => p.state)).toEqual(['stored', 'stored'])
    const view = await ask<PendingDraftView>('draft:get', {}, marketplaceSender(100))
    expect(view.draft).toEqual(draftFor(2))
    expect(fake.session.data.get(SESSION.conversion)).toMatchObject({
      sourceTabId: 3,
      phase: 'done',
      marketplaceTabId: 100,
    })
  })

  const failures: [string, ApiErrorInit, string, string][] = [
    [
      '402',
      { kind: 'http', status: 402, message: 'Your trial has ended.' },
      'upgrade',
      'Your trial has ended.',
    ],
    [
      '401',
      { kind: 'session-expired', status: 401, message: 'x' },
      'session-expired',
      SESSION_EXPIRED_MESSAGE,
    ],
    [
      '404',
      { kind: 'http', status: 404, message: 'Listing not found' },
      'rejected',
      'Listing not found',
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
  ]
  it.each(failures)('answers %s as %s, opening no tab', async (_name, init, kind, message) => {
    await startWorker()
    const { ApiError } = await import('../../api/client/api-error.ts')
    fillAgainListing.mockRejectedValue(new ApiError(init))
    await expect(fromSite('listing:fill-again', { listing_id: 'L9' })).resolves.toEqual({
      ok: true,
      value: { ok: false, error: { kind, message } },
    })
    expect(fake.chrome.tabs.create).not.toHaveBeenCalled()
  })

  it('is busy while the popup’s conversion runs', async () => {
    photoServer()
    let finish: (value: ConvertListingData) => void = () => undefined
    convertListing.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    await startWorker()
    const converting = ask<ConvertOutcome>('convert:start', { sourceTabId: 7, listing, permission })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const reply = await fromSite('listing:fill-again', { listing_id: 'L9' })
    expect(reply).toMatchObject({ ok: true, value: { ok: false, error: { kind: 'busy' } } })
    expect(fillAgainListing).not.toHaveBeenCalled()
    finish({ listing_id: 'L1', draft: draftFor(1), metered: true })
    await expect(converting).resolves.toMatchObject({ ok: true })
    await photosSettled(100)
  })

  it('says the extension is not logged in without calling the server or writing any state', async () => {
    await fake.local.remove([LOCAL.refreshToken, LOCAL.userId])
    await fake.session.remove(SESSION.accessToken)
    await startWorker()
    const reply = await fromSite('listing:fill-again', { listing_id: 'L9' })
    expect(reply).toEqual({
      ok: true,
      value: { ok: false, error: { kind: 'session-expired', message: NOT_LOGGED_IN_MESSAGE } },
    })
    expect(fillAgainListing).not.toHaveBeenCalled()
    expect(fake.session.data.has(SESSION.conversion)).toBe(false)
  })

  it('refuses a malformed listing id, a message from no tab, and any other origin', async () => {
    await startWorker()
    for (const payload of [{}, { listing_id: '' }, { listing_id: 42 }]) {
      expect(await fromSite('listing:fill-again', payload)).toEqual({
        ok: true,
        value: { ok: false, error: { kind: 'rejected', message: INVALID_LISTING_MESSAGE } },
      })
    }
    expect(await fromSite('listing:fill-again', { listing_id: 'L9' }, null)).toMatchObject({
      ok: true,
      value: { ok: false, error: { kind: 'failed' } },
    })
    const evil = { ...siteSender('https://evil.example'), tab: { id: 3 } as chrome.tabs.Tab }
    const refused = (await deliver(
      fake.chrome.runtime.onMessageExternal,
      { type: 'listing:fill-again', payload: { listing_id: 'L9' } },
      evil,
    )) as Reply
    expect(refused).toMatchObject({ ok: false })
    // Nor may the popup send it: it is the site's.
    await expect(ask('listing:fill-again', { listing_id: 'L9' })).rejects.toThrow()
    expect(fillAgainListing).not.toHaveBeenCalled()
  })

  it('counts a server that does not answer in time as down, and opens no tab', async () => {
    await startWorker()
    fillAgainListing.mockReturnValue(new Promise(() => undefined))
    // The worker's own module instance, with a short deadline.
    const { startFillAgain } = await import('./conversion.ts')
    const outcome = await startFillAgain(3, 'L9', { photoOptions: {}, serverAnswerTimeoutMs: 20 })
    expect(outcome).toEqual({ ok: false, error: { kind: 'server', message: SERVER_DOWN_MESSAGE } })
    expect(fake.session.data.get(SESSION.conversion)).toMatchObject({ phase: 'failed' })
    expect(fake.chrome.tabs.create).not.toHaveBeenCalled()
  })
})

/** GET /users/me answering `profile` as the agent profile. */
function meServer(profile: AgentProfile | null) {
  const fetch = vi.fn((_input: string | URL | Request, _init?: RequestInit) =>
    Promise.resolve(
      Response.json({
        status: 'success',
        data: sampleMe({ agent_profile: profile }),
      }),
    ),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('the agent profile for the popup', () => {
  const profile: AgentProfile = {
    listing_name: 'Ann Agent',
    license_number: '01234567',
    license_state: 'IL',
    brokerage: 'Evergreen Realty',
  }

  it('answers the server’s profile, fetched anew each time it is asked', async () => {
    const fetch = meServer(null)
    await startWorker()
    await expect(ask('account:profile', {})).resolves.toEqual({ ok: true, profile: null })
    // Saved on Settings meanwhile: the next popup sees it.
    meServer(profile)
    await expect(ask('account:profile', {})).resolves.toEqual({ ok: true, profile })
    const [input, init] = fetch.mock.calls[0] ?? []
    expect(input && urlOf(input)).toMatch(/\/users\/me$/)
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a1')
  })

  it('says why it could not be had: offline, or the session is over', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await startWorker()
    await expect(ask('account:profile', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'offline', message: NETWORK_ERROR_MESSAGE },
    })
    // Logged out elsewhere meanwhile: the server refuses the tokenless call.
    await fake.local.remove([LOCAL.refreshToken, LOCAL.userId])
    await fake.session.remove(SESSION.accessToken)
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ status: 'error', message: 'Unauthorized' }, { status: 401 })),
    )
    await expect(ask('account:profile', {})).resolves.toEqual({
      ok: false,
      error: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
    })
  })
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
      ask('convert:start', { sourceTabId: 5, listing, permission }, marketplaceSender(5)),
    ).rejects.toThrow('not accepted')
    await expect(ask('session:status', {}, zillowScript)).rejects.toThrow('not accepted')
    await expect(ask('draft:get', {}, zillowScript)).rejects.toThrow('not accepted')
    await expect(ask('session:status', {}, popupSender)).resolves.toMatchObject({ loggedIn: true })
  })

  it('only extension pages may save leads, scan or read the leads page: no content script', async () => {
    await startWorker()
    const fsboScript = {
      ...marketplaceSender(5),
      url: 'https://fsbo.com/listings/search/results/?searchQuery=Miami',
      origin: 'https://fsbo.com',
    }
    const lead = { source: 'fsbo_com', source_id: '1' }
    const leadMessages: [string, unknown][] = [
      ['leads:page', { tabId: 5 }],
      ['leads:save', { lead }],
      ['scan:start', { sourceTabId: 5 }],
      ['scan:status', {}],
      ['scan:cancel', {}],
    ]
    for (const sender of [fsboScript, marketplaceSender(5)]) {
      for (const [type, payload] of leadMessages) {
        await expect(ask(type, payload, sender), `${type} from ${sender.origin}`).rejects.toThrow(
          'not accepted',
        )
      }
    }
    expect(fake.chrome.tabs.sendMessage).not.toHaveBeenCalled()
    await expect(ask('scan:status', {}, popupSender)).resolves.toBeNull()
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
      { type: 'listing:extract', payload: {} },
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
