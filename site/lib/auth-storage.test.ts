import { describe, expect, it } from 'vitest'
import {
  browserTokenStore,
  clearSession,
  getAccessToken,
  getStoredEmail,
  getStoredUsername,
  hasStoredLogin,
  saveEmail,
  saveLogin,
} from './auth-storage.ts'

const session = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  user_id: 'user-1',
  email: 'ann@example.com',
  username: 'Ann Agent',
}

describe('auth storage (browser storage keys)', () => {
  it('reads the legacy access_Token spelling as the access token', () => {
    localStorage.setItem('access_Token', 'legacy')
    expect(getAccessToken()).toBe('legacy')
    expect(hasStoredLogin()).toBe(true)
  })

  it('prefers the current spelling when both exist', () => {
    localStorage.setItem('access_Token', 'legacy')
    localStorage.setItem('accessToken', 'current')
    expect(getAccessToken()).toBe('current')
  })

  it('counts the isLogin and legacy isLoggedIn flags as logged in', () => {
    expect(hasStoredLogin()).toBe(false)
    localStorage.setItem('isLoggedIn', 'true')
    expect(hasStoredLogin()).toBe(true)
    localStorage.clear()
    sessionStorage.setItem('isLogin', 'true')
    expect(hasStoredLogin()).toBe(true)
    sessionStorage.setItem('isLogin', 'false')
    expect(hasStoredLogin()).toBe(false)
  })

  it('writes one spelling only', () => {
    saveLogin({ ...session, remember: true })
    expect(localStorage.getItem('accessToken')).toBe('access-1')
    expect(localStorage.getItem('access_Token')).toBeNull()
    expect(localStorage.getItem('isLoggedIn')).toBeNull()
    expect(localStorage.getItem('isLogin')).toBe('true')
  })

  it('keeps a remembered session in localStorage', () => {
    saveLogin({ ...session, remember: true })
    expect(localStorage.getItem('accessToken')).toBe('access-1')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(localStorage.getItem('username')).toBe('Ann Agent')
    expect(sessionStorage.getItem('accessToken')).toBeNull()
  })

  it('keeps an unremembered session in sessionStorage only', () => {
    saveLogin({ ...session, remember: false })
    expect(sessionStorage.getItem('accessToken')).toBe('access-1')
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-1')
    expect(localStorage.getItem('accessToken')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(getAccessToken()).toBe('access-1')
    // Later writes (a refreshed token, the e-mail) follow the same choice.
    void browserTokenStore.saveSession({ access_token: 'access-2', refresh_token: 'refresh-2' })
    saveEmail('new@example.com')
    expect(sessionStorage.getItem('accessToken')).toBe('access-2')
    expect(localStorage.getItem('accessToken')).toBeNull()
    expect(getStoredEmail()).toBe('new@example.com')
  })

  it('falls back to the e-mail before the @ when there is no username', () => {
    saveLogin({ ...session, username: '', remember: true })
    expect(getStoredUsername()).toBe('ann')
  })

  it('clears every spelling from both storages', () => {
    for (const store of [localStorage, sessionStorage]) {
      for (const key of ['accessToken', 'access_Token', 'refresh_token', 'userId', 'username']) {
        store.setItem(key, 'x')
      }
      store.setItem('isLogin', 'true')
      store.setItem('isLoggedIn', 'true')
      store.setItem('email', 'a@b.co')
    }
    clearSession()
    for (const store of [localStorage, sessionStorage]) {
      for (const key of ['accessToken', 'access_Token', 'refresh_token', 'userId', 'username']) {
        expect(store.getItem(key)).toBeNull()
      }
      expect(store.getItem('isLogin')).toBeNull()
      expect(store.getItem('isLoggedIn')).toBeNull()
      expect(store.getItem('email')).toBeNull()
    }
    expect(hasStoredLogin()).toBe(false)
  })
})
