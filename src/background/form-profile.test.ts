import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import { LOCAL } from '../storage.ts'
import { installFakeChrome, urlOf, type FakeChrome } from '../testing/fake-chrome.ts'
import type { StoredFormProfile } from './form-profile.ts'

let fake: FakeChrome
beforeEach(() => {
  fake = installFakeChrome()
  // A fresh worker per test: its API client and its fetch in flight are per module instance.
  vi.resetModules()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const MINUTE = 60_000

/** The built-in profile under another version: what the server serves after an edit. */
function served(version: string): MarketplaceFormProfile {
  return { ...BUILT_IN_FORM_PROFILE, version }
}

function envelope(data: unknown, status = 200): Response {
  const body = status < 300 ? { status: 'success', data } : data
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** A server answering the profile route with `answer()`; rejects anything else. */
function server(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn((input: string | URL | Request) =>
    urlOf(input).endsWith('/api/v1/marketplace/form-profile')
      ? Promise.resolve(answer())
      : Promise.reject(new TypeError(`Unexpected fetch of ${urlOf(input)}`)),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

async function keep(profile: unknown, ageMs: number): Promise<void> {
  await fake.local.set({
    [LOCAL.formProfile]: { profile, fetchedAt: new Date(Date.now() - ageMs).toISOString() },
  })
}

function kept(): StoredFormProfile | undefined {
  return fake.local.data.get(LOCAL.formProfile) as StoredFormProfile | undefined
}

const store = () => import('./form-profile.ts')

describe('the form profile store', () => {
  it('is the built-in profile until one was fetched; a first conversion fetches it', async () => {
    const fetch = server(() => envelope(served('server-1')))
    const { currentFormProfile, refreshIfStale } = await store()
    expect(await currentFormProfile()).toEqual(BUILT_IN_FORM_PROFILE)

    await refreshIfStale()

    expect(fetch).toHaveBeenCalledOnce()
    expect(await currentFormProfile()).toEqual(served('server-1'))
    expect(kept()?.profile).toEqual(served('server-1'))
    // Stamped with the fetch's time, so it counts as fresh from now on.
    expect(Date.parse(kept()?.fetchedAt ?? '')).not.toBeNaN()
  })

  it('a copy fetched less than 10 minutes ago is not fetched again; an older one is', async () => {
    const fetch = server(() => envelope(served('server-2')))
    const { currentFormProfile, refreshIfStale } = await store()

    await keep(served('server-1'), 9 * MINUTE)
    await refreshIfStale()
    expect(fetch).not.toHaveBeenCalled()
    expect((await currentFormProfile()).version).toBe('server-1')

    await keep(served('server-1'), 11 * MINUTE)
    await refreshIfStale()
    expect(fetch).toHaveBeenCalledOnce()
    expect((await currentFormProfile()).version).toBe('server-2')
  })

  it('a copy dated in the future (the clock moved back) is fetched again', async () => {
    const fetch = server(() => envelope(served('server-2')))
    const { refreshIfStale } = await store()
    await keep(served('server-1'), -60 * MINUTE)
    await refreshIfStale()
    expect(fetch).toHaveBeenCalledOnce()
  })

  const failures: [string, () => Response | Promise<Response>][] = [
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a 500',
      () => envelope({ status: 'error', message: 'Down', errors: { message: 'Down' } }, 500),
    ],
    ['an answer without English', () => envelope({ version: 'bad', languages: {} })],
    [
      'a label too long',
      () => {
        const en = BUILT_IN_FORM_PROFILE.languages.en
        if (en === undefined) throw new Error('no English')
        const fields = { ...en.fields, price: ['x'.repeat(500)] }
        return envelope({ version: 'bad', languages: { en: { ...en, fields } } })
      },
    ],
    ['code where texts go', () => envelope({ version: 'bad', languages: { en: 'alert(1)' } })],
    ['not JSON', () => new Response('<html>proxy error</html>', { status: 200 })],
  ]
  it.each(failures)('%s keeps the last good profile, and never throws', async (_name, answer) => {
    server(answer)
    const { currentFormProfile, refreshIfStale, refreshNow } = await store()

    // Nothing fetched yet: the built-in one stays.
    await expect(refreshNow()).resolves.toBeNull()
    expect(await currentFormProfile()).toEqual(BUILT_IN_FORM_PROFILE)
    expect(kept()).toBeUndefined()

    await keep(served('server-1'), 30 * MINUTE)
    await expect(refreshIfStale()).resolves.toBeUndefined()
    expect(await currentFormProfile()).toEqual(served('server-1'))
    expect(kept()?.profile).toEqual(served('server-1'))
  })

  it('a stored copy this version cannot read is no profile: built-in, and fetched again', async () => {
    const fetch = server(() => envelope(served('server-2')))
    const { currentFormProfile, refreshIfStale } = await store()
    await keep({ version: 'old', languages: { en: { fields: {} } } }, MINUTE)

    expect(await currentFormProfile()).toEqual(BUILT_IN_FORM_PROFILE)
    await refreshIfStale()
    expect(fetch).toHaveBeenCalledOnce()
    expect((await currentFormProfile()).version).toBe('server-2')
  })

  it('asks at the same time share one fetch', async () => {
    let answer: (response: Response) => void = () => undefined
    const fetch = server(() => new Promise<Response>((resolve) => (answer = resolve)))
    const { refreshIfStale, refreshNow } = await store()

    const asks = [refreshNow(), refreshNow(), refreshIfStale()]
    await vi.waitFor(() => {
      expect(fetch).toHaveBeenCalledOnce()
    })
    answer(envelope(served('server-1')))
    const [first, second] = await Promise.all(asks)

    expect(first).toEqual(served('server-1'))
    expect(second).toEqual(served('server-1'))
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('a fetch that hangs fails after a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server(() => new Promise<Response>(() => undefined))
    const { FORM_PROFILE_FETCH_TIMEOUT_MS, refreshNow } = await store()

    const ask = refreshNow()
    await vi.advanceTimersByTimeAsync(FORM_PROFILE_FETCH_TIMEOUT_MS)

    await expect(ask).resolves.toBeNull()
  })
})
