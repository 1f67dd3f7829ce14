import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import { LOCAL, SESSION } from '../storage.ts'
import { installFakeChrome, type FakeChrome } from '../testing/fake-chrome.ts'
import { urlOf } from '../testing/fake-chrome.ts'
import { sampleMe } from '../testing/fixtures.ts'

let fake: FakeChrome
beforeEach(() => {
  fake = installFakeChrome()
  // The API client is created once per worker; each test is a fresh worker.
  vi.resetModules()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const me = sampleMe()

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** A server where only access token a2 is valid and r1 rotates to a2/r2 once. */
function serverFetch() {
  const refreshes: string[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(urlOf(input))
    const bearer = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '')
    if (url.pathname === '/api/v1/auth/refresh-token') {
      refreshes.push(bearer ?? '')
      await new Promise((resolve) => setTimeout(resolve, 10))
      if (bearer !== 'r1' || url.searchParams.get('user_id') !== 'u1') {
        return json(401, { status: 'error', message: 'Invalid', errors: { message: 'Invalid' } })
      }
      return json(200, { status: 'success', data: { access_token: 'a2', refresh_token: 'r2' } })
    }
    if (bearer === 'a2') return json(200, { status: 'success', data: me })
    return json(401, { status: 'error', message: 'Expired', errors: { message: 'Expired' } })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, refreshes }
}

describe('chromeTokenStore', () => {
  it('keeps the access token in session storage and the refresh token and user in local', async () => {
    const { chromeTokenStore } = await import('./token-store.ts')
    await chromeTokenStore.saveSession({ access_token: 'a', refresh_token: 'r', user_id: 'u' })
    expect(Object.fromEntries(fake.session.data)).toEqual({ [SESSION.accessToken]: 'a' })
    expect(Object.fromEntries(fake.local.data)).toEqual({
      [LOCAL.refreshToken]: 'r',
      [LOCAL.userId]: 'u',
    })
    expect([
      await chromeTokenStore.getAccessToken(),
      await chromeTokenStore.getRefreshToken(),
      await chromeTokenStore.getUserId(),
    ]).toEqual(['a', 'r', 'u'])

    // A refresh answer has no user id: the stored one stays.
    await chromeTokenStore.saveSession({ access_token: 'a2', refresh_token: 'r2' })
    expect(await chromeTokenStore.getUserId()).toBe('u')

    await fake.local.set({
      [LOCAL.email]: 'ann@example.com',
      [LOCAL.taughtLabels]: { price: 'Rent' },
    })
    await chromeTokenStore.clear()
    expect(fake.session.data.size).toBe(0)
    // Clearing the session forgets who was logged in, not what the browser learnt.
    expect(Object.fromEntries(fake.local.data)).toEqual({ [LOCAL.taughtLabels]: { price: 'Rent' } })
  })
})

describe('the worker API client on chrome.storage', () => {
  it('refreshes once for concurrent 401s and stores the rotated tokens', async () => {
    const { refreshes } = serverFetch()
    await fake.session.set({ [SESSION.accessToken]: 'a1' })
    await fake.local.set({ [LOCAL.refreshToken]: 'r1', [LOCAL.userId]: 'u1' })
    const { api } = await import('./api.ts')
    const answers = await Promise.all([api().call('me'), api().call('me'), api().call('me')])
    expect(answers).toEqual([me, me, me])
    expect(refreshes).toEqual(['r1'])
    expect(fake.session.data.get(SESSION.accessToken)).toBe('a2')
    expect(fake.local.data.get(LOCAL.refreshToken)).toBe('r2')
  })

  it('survives a browser restart: no access token, the refresh token gets a new one', async () => {
    const { refreshes } = serverFetch()
    await fake.local.set({ [LOCAL.refreshToken]: 'r1', [LOCAL.userId]: 'u1' })
    const { api } = await import('./api.ts')
    await expect(api().call('me')).resolves.toEqual(me)
    expect(refreshes).toEqual(['r1'])
  })

  it('on a failed refresh clears the session and leaves "Session expired" for the popup', async () => {
    serverFetch()
    await fake.session.set({ [SESSION.accessToken]: 'a1' })
    await fake.local.set({
      [LOCAL.refreshToken]: 'stolen',
      [LOCAL.userId]: 'u1',
      [LOCAL.email]: 'ann@example.com',
    })
    const { api } = await import('./api.ts')
    await expect(api().call('me')).rejects.toMatchObject({ kind: 'session-expired' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fake.session.data.has(SESSION.accessToken)).toBe(false)
    expect(fake.local.data.has(LOCAL.refreshToken)).toBe(false)
    const { sessionStatus } = await import('./session.ts')
    await expect(sessionStatus()).resolves.toEqual({
      loggedIn: false,
      notice: SESSION_EXPIRED_MESSAGE,
    })
  })
})
