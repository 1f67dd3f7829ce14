import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NETWORK_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import type { SaveLeadBody } from '../../api/schemas/leads.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import type { LeadSaveOutcome, Reply, ScanState } from '../messages.ts'
import { LOCAL, SESSION } from '../storage.ts'
import {
  deliver,
  installFakeChrome,
  popupSender,
  urlOf,
  type FakeChrome,
} from '../testing/fake-chrome.ts'
import { SERVER_DOWN_MESSAGE } from './conversion.ts'
import { SCAN_INTERRUPTED_MESSAGE } from './fsbo-scan.ts'

const LEAD: SaveLeadBody = {
  source: 'fsbo_com',
  source_id: '546971',
  listing_url: 'https://fsbo.com/listings/listings/show/id/546971/',
  owner_name: 'José & María Pérez',
  phone: '(305) 555-0199',
  email: 'jm.perez.home@example.com',
  address: { street: '2150 SW 23rd Ter', city: 'Miami', state: 'FL', zip: '33145' },
  price: 485000,
  beds: 3,
  baths: 2,
  living_area_sqft: 1640,
  days_on_market: 12,
  photo_url: 'https://fsbo.com/uploads/listings/546971/photo-1.jpg',
}

/** The stored lead as POST /leads answers it. */
const STORED = {
  ...LEAD,
  _id: 'lead-1',
  phone: '+13055550199',
  status: 'new',
  notes: '',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}

let fake: FakeChrome

async function startWorker(): Promise<void> {
  fake.chrome.runtime.onMessage.clear()
  fake.chrome.runtime.onMessageExternal.clear()
  fake.chrome.tabs.onRemoved.clear()
  vi.resetModules()
  await import('./index.ts')
}

async function ask<T>(type: string, payload: unknown): Promise<T> {
  const reply = (await deliver(
    fake.chrome.runtime.onMessage,
    { type, payload },
    popupSender,
  )) as Reply
  if (!reply.ok) throw new Error(reply.error)
  return reply.value as T
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

beforeEach(async () => {
  fake = installFakeChrome()
  await fake.local.set({ [LOCAL.refreshToken]: 'r1', [LOCAL.userId]: 'u1' })
  await fake.session.set({ [SESSION.accessToken]: 'a1' })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Save lead', () => {
  it('posts exactly the lead’s fields with the session’s token, and says whether it was new', async () => {
    const fetch = vi.fn((_input: string | URL | Request, _init?: RequestInit) =>
      Promise.resolve(answer(200, { status: 'success', data: { lead: STORED, created: true } })),
    )
    vi.stubGlobal('fetch', fetch)
    await startWorker()

    const saved = await ask<LeadSaveOutcome>('leads:save', { lead: LEAD })
    expect(saved).toEqual({ ok: true, created: true, leadId: 'lead-1' })
    const [input, init] = fetch.mock.calls[0] ?? []
    expect(input && urlOf(input)).toBe('http://localhost:8787/api/v1/leads')
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a1')
    expect(typeof init?.body === 'string' && JSON.parse(init.body)).toEqual(LEAD)

    fetch.mockResolvedValueOnce(
      answer(200, { status: 'success', data: { lead: STORED, created: false } }),
    )
    expect(await ask('leads:save', { lead: LEAD })).toEqual({
      ok: true,
      created: false,
      leadId: 'lead-1',
    })
  })

  it('fails as a conversion fails: 402 with the server’s message, offline, server down', async () => {
    const trialOver = 'Your 7-day free trial has ended. Choose a plan on the Pricing page.'
    const fetch = vi.fn(() =>
      Promise.resolve(
        answer(402, { status: 'error', message: trialOver, errors: { message: trialOver } }),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    await startWorker()
    expect(await ask('leads:save', { lead: LEAD })).toEqual({
      ok: false,
      error: { kind: 'upgrade', message: trialOver },
    })

    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect(await ask('leads:save', { lead: LEAD })).toEqual({
      ok: false,
      error: { kind: 'offline', message: NETWORK_ERROR_MESSAGE },
    })

    fetch.mockResolvedValueOnce(answer(503, { status: 'error', message: 'down' }))
    expect(await ask('leads:save', { lead: LEAD })).toEqual({
      ok: false,
      error: { kind: 'server', message: SERVER_DOWN_MESSAGE },
    })
  })

  it('says the session expired when the server refuses the refresh too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL | Request) =>
        Promise.resolve(
          urlOf(input).endsWith('/auth/refresh')
            ? answer(401, { status: 'error', message: 'Invalid refresh token' })
            : answer(401, { status: 'error', message: 'Unauthorized' }),
        ),
      ),
    )
    await startWorker()
    expect(await ask('leads:save', { lead: LEAD })).toEqual({
      ok: false,
      error: { kind: 'session-expired', message: SESSION_EXPIRED_MESSAGE },
    })
  })
})

describe('the page’s lead or results', () => {
  it('asks the tab’s content script, and offers nothing where none answers', async () => {
    const page: FsboPage = {
      kind: 'results',
      pageUrl: 'https://fsbo.com/listings/search/results/',
      site: 'FSBO.com',
      links: ['https://fsbo.com/listings/listings/show/id/1/'],
    }
    fake.chrome.tabs.sendMessage.mockImplementation((tabId: number, message: unknown) =>
      tabId === 7 && (message as { type: string }).type === 'fsbo:inspect'
        ? Promise.resolve({ ok: true, value: page })
        : Promise.reject(new Error('Receiving end does not exist.')),
    )
    await startWorker()
    expect(await ask('leads:page', { tabId: 7 })).toEqual(page)
    expect(await ask('leads:page', { tabId: 8 })).toEqual({ kind: 'other' })
  })
})

describe('a worker started after Chrome stopped it mid-scan', () => {
  it('reports the scan as interrupted, with what it saved, and closes the scan tab', async () => {
    const remove = vi.fn((_tabId: number) => Promise.resolve())
    Object.assign(fake.chrome.tabs, { remove })
    const running: ScanState = {
      scanId: 's1',
      sourceTabId: 7,
      sourceUrl: 'https://fsbo.com/listings/search/results/',
      site: 'FSBO.com',
      phase: 'running',
      found: 4,
      total: 4,
      cap: 25,
      visited: 2,
      saved: 1,
      duplicates: 1,
      failed: 0,
      current: 'https://fsbo.com/listings/listings/show/id/3/',
      scanTabId: 200,
      stop: null,
      startedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:05.000Z',
    }
    await fake.session.set({ [SESSION.scan]: running })
    await startWorker()

    expect(await ask('scan:status', {})).toMatchObject({
      phase: 'stopped',
      visited: 2,
      saved: 1,
      duplicates: 1,
      stop: { kind: 'interrupted', message: SCAN_INTERRUPTED_MESSAGE },
    })
    expect(remove).toHaveBeenCalledWith(200)
    // Nothing runs, so Cancel has nothing to stop and answers the state as it is.
    expect(await ask('scan:cancel', {})).toMatchObject({ phase: 'stopped' })
  })
})
