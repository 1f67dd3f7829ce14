import { afterEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, getRefreshToken, getStoredUsername } from '../../lib/auth-storage.ts'
import { ui } from '../../lib/store.ts'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { adoptExtensionSession } from './adopt-extension-session.ts'

/** A fake of the one chrome.runtime call the bridge makes: answers session:get, records the rest. */
function fakeExtension(session: unknown) {
  const messages: { type: string }[] = []
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: (_id: string, message: { type: string }, reply: (r: unknown) => void) => {
        messages.push(message)
        reply({ ok: true, value: message.type === 'session:get' ? session : true })
      },
    },
  })
  return messages
}

const me = {
  _id: 'u1',
  full_name: 'Ann Agent',
  email: 'ann@example.com',
  phone: '+14155550123',
  is_subscribed: false,
  subscription_expiry: null,
  trial_end: '2026-12-01T00:00:00.000Z',
  agent_profile: null,
  pending_email: null,
}

afterEach(() => {
  vi.unstubAllGlobals()
  ui.isLogin = false
  ui.userName = ''
})

describe('adoptExtensionSession', () => {
  it('logs the site in with the extension session and the user from /users/me', async () => {
    fakeExtension({ logged_in: true, access_token: 'acc', refresh_token: 'ref', user_id: 'u1' })
    const fetch = stubFetch(ok(me))
    expect(await adoptExtensionSession()).toBe(true)
    expect(sent(fetch).url).toBe('/api/v1/users/me')
    expect(sent(fetch).headers.authorization).toBe('Bearer acc')
    expect(getAccessToken()).toBe('acc')
    expect(getRefreshToken()).toBe('ref')
    expect(getStoredUsername()).toBe('Ann Agent')
    expect(ui.isLogin).toBe(true)
    expect(ui.userName).toBe('Ann Agent')
  })

  it('does nothing when the site has its own session, or the extension has none', async () => {
    localStorage.setItem('accessToken', 'mine')
    const messages = fakeExtension({
      logged_in: true,
      access_token: 'a',
      refresh_token: 'r',
      user_id: 'u',
    })
    expect(await adoptExtensionSession()).toBe(false)
    expect(messages).toHaveLength(0)
    localStorage.clear()
    fakeExtension({ logged_in: false })
    expect(await adoptExtensionSession()).toBe(false)
    expect(getRefreshToken()).toBeNull()
  })

  it('forgets a session the server refuses', async () => {
    fakeExtension({ logged_in: true, access_token: null, refresh_token: 'old', user_id: 'u1' })
    // No access token: /users/me answers 401, the refresh is refused too.
    stubFetch(
      fail(401, 'Please log in to continue.'),
      fail(401, 'Session expired. Please log in again.'),
    )
    expect(await adoptExtensionSession()).toBe(false)
    expect(getRefreshToken()).toBeNull()
    expect(ui.isLogin).toBe(false)
    expect(document.body.textContent).not.toContain('Session expired')
    expect(window.location.pathname).toBe('/')
  })
})
