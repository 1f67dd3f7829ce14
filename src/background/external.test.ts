import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EXTENSION_MESSAGE_TYPES } from '../../api/extension-messages.ts'
import type { Reply } from '../messages.ts'
import { LOCAL, SESSION } from '../storage.ts'
import { sampleMe } from '../testing/fixtures.ts'
import {
  deliver,
  installFakeChrome,
  siteSender,
  urlOf,
  type FakeChrome,
} from '../testing/fake-chrome.ts'

const SITE = 'http://localhost:8787'
const session = { access_token: 'a1', refresh_token: 'r1', user_id: 'u1' }

let fake: FakeChrome
beforeEach(async () => {
  fake = installFakeChrome()
  fake.chrome.runtime.onMessageExternal.clear()
  // No server: the worker's best-effort /users/me after a site login finds none.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
  vi.resetModules()
  await import('./index.ts')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function fromOutside(type: string, payload: unknown, sender: chrome.runtime.MessageSender) {
  return deliver(fake.chrome.runtime.onMessageExternal, { type, payload }, sender) as Promise<Reply>
}

describe('messages from the site', () => {
  it('session:set from the site logs the extension in with the site’s session', async () => {
    await fake.local.set({ [LOCAL.notice]: 'Session expired. Please log in again.' })
    await expect(fromOutside('session:set', session, siteSender(SITE))).resolves.toEqual({
      ok: true,
      value: { ok: true },
    })
    expect(fake.session.data.get(SESSION.accessToken)).toBe('a1')
    expect(fake.local.data.get(LOCAL.refreshToken)).toBe('r1')
    expect(fake.local.data.get(LOCAL.userId)).toBe('u1')
    expect(fake.local.data.has(LOCAL.notice)).toBe(false)
  })

  it('learns the e-mail of a site session from /users/me, for the popup’s "Signed in as"', async () => {
    const me = sampleMe()
    let answer: () => void = () => undefined
    const fetch = vi.fn(
      (_input: string | URL | Request, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = () => {
            resolve(Response.json({ status: 'success', data: me }))
          }
        }),
    )
    vi.stubGlobal('fetch', fetch)
    // The site's login does not wait for /users/me: the answer comes first, the e-mail after.
    await expect(fromOutside('session:set', session, siteSender(SITE))).resolves.toMatchObject({
      ok: true,
    })
    expect(fake.local.data.has(LOCAL.email)).toBe(false)
    await vi.waitFor(() => {
      expect(fetch).toHaveBeenCalled()
    })
    answer()
    await vi.waitFor(() => {
      expect(fake.local.data.get(LOCAL.email)).toBe('ann@example.com')
    })
    const [input, init] = fetch.mock.calls[0] ?? []
    expect(input && urlOf(input)).toMatch(/\/users\/me$/)
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a1')
  })

  it('keeps the site session when /users/me cannot be reached, without an e-mail', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(fromOutside('session:set', session, siteSender(SITE))).resolves.toMatchObject({
      ok: true,
    })
    expect(fake.local.data.get(LOCAL.refreshToken)).toBe('r1')
    expect(fake.local.data.has(LOCAL.email)).toBe(false)
  })

  it('refuses every message from any other origin, and changes nothing', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:8788',
      'https://localhost:8787',
    ]) {
      const reply = await fromOutside('session:set', session, siteSender(origin))
      expect(reply).toMatchObject({ ok: false })
      expect(await fromOutside('session:get', {}, siteSender(origin))).toMatchObject({ ok: false })
    }
    // No origin given: the URL decides.
    expect(
      await fromOutside('session:set', session, { url: 'https://evil.example/x' }),
    ).toMatchObject({ ok: false })
    expect(await fromOutside('session:set', session, {})).toMatchObject({ ok: false })
    expect(fake.local.data.size + fake.session.data.size).toBe(0)
  })

  it('session:get tells the site whether the extension is logged in, with its session', async () => {
    expect(await fromOutside('session:get', {}, siteSender(SITE))).toEqual({
      ok: true,
      value: { logged_in: false },
    })
    await fake.session.set({ [SESSION.accessToken]: 'a9' })
    await fake.local.set({ [LOCAL.refreshToken]: 'r9', [LOCAL.userId]: 'u9' })
    expect(await fromOutside('session:get', {}, { url: `${SITE}/` })).toEqual({
      ok: true,
      value: { logged_in: true, access_token: 'a9', refresh_token: 'r9', user_id: 'u9' },
    })
  })

  it('session:clear logs the extension out', async () => {
    await fromOutside('session:set', session, siteSender(SITE))
    expect(await fromOutside('session:clear', {}, siteSender(SITE))).toMatchObject({ ok: true })
    expect(fake.local.data.has(LOCAL.refreshToken)).toBe(false)
    expect(fake.session.data.has(SESSION.accessToken)).toBe(false)
  })

  it('handles every message of the contract (api/extension-messages.ts)', async () => {
    // From another origin: each is known to the worker and refused, so nothing runs.
    for (const type of EXTENSION_MESSAGE_TYPES) {
      await expect(fromOutside(type, {}, siteSender('https://evil.example'))).resolves.toEqual({
        ok: false,
        error: `${type} is not accepted from this sender`,
      })
    }
  })

  it('rejects a malformed session and internal message types', async () => {
    expect(
      await fromOutside('session:set', { access_token: 'a1' }, siteSender(SITE)),
    ).toMatchObject({ ok: false })
    // The popup's messages are not for the site, even from the site.
    await expect(fromOutside('session:logout', {}, siteSender(SITE))).rejects.toThrow()
    expect(fake.local.data.has(LOCAL.refreshToken)).toBe(false)
  })
})
