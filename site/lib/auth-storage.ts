/**
 * The one place that knows how the session sits in browser storage (docs/architecture.md#state). It
 * reads every legacy spelling and writes one. "Remember me" keeps the session in localStorage
 * (survives a browser restart); otherwise it lives in sessionStorage and ends with the browser.
 */
import type { SessionTokens, TokenStore } from '../../api/client/token-store.ts'
import { keys } from './session-keys.ts'

/** None while the site is rendered at build (scripts/prerender-site.ts): nobody is logged in there. */
const stores = (): Storage[] =>
  typeof localStorage === 'undefined' ? [] : [localStorage, sessionStorage]

function read(key: string): string | null {
  for (const store of stores()) {
    const value = store.getItem(key)
    if (value !== null && value !== '') return value
  }
  return null
}

/** Where new session values go: localStorage when remembered, else sessionStorage. */
function target(): Storage {
  return localStorage.getItem(keys.remember) === 'false' ? sessionStorage : localStorage
}

export function getAccessToken(): string | null {
  return read(keys.accessToken) ?? read(keys.legacyAccessToken)
}
export function getRefreshToken(): string | null {
  return read(keys.refreshToken)
}
export function getUserId(): string | null {
  return read(keys.userId)
}
export function getStoredUsername(): string | null {
  return read(keys.username)
}
export function getStoredEmail(): string | null {
  return read(keys.email)
}

/**
 * Logged in if an access token is stored, or either flag says so (docs/product.md#logged-in-state).
 */
export function hasStoredLogin(): boolean {
  return (
    getAccessToken() !== null || read(keys.isLogin) === 'true' || read(keys.isLoggedIn) === 'true'
  )
}
export function readIsLoginFlag(): boolean {
  return read(keys.isLogin) === 'true'
}
export function readLegacyLoggedInFlag(): boolean {
  return read(keys.isLoggedIn) === 'true'
}
export function writeIsLoginFlag(value: boolean): void {
  target().setItem(keys.isLogin, String(value))
}

export interface LoginSession extends SessionTokens {
  email: string
  username: string
  remember: boolean
}

/**
 * After a login (docs/product.md#login-success): tokens, e-mail and username (falling back to the
 * e-mail's local part).
 */
export function saveLogin(session: LoginSession): void {
  clearSession()
  // The choice itself lives in localStorage so the next visit knows where to look.
  localStorage.setItem(keys.remember, String(session.remember))
  const store = target()
  store.setItem(keys.accessToken, session.access_token)
  store.setItem(keys.refreshToken, session.refresh_token)
  if (session.user_id) store.setItem(keys.userId, session.user_id)
  store.setItem(keys.email, session.email)
  store.setItem(keys.username, session.username || session.email.split('@')[0] || session.email)
  store.setItem(keys.isLogin, 'true')
}

/** Registration stores the e-mail so the success page and checkout can use it. */
export function saveEmail(email: string): void {
  target().setItem(keys.email, email)
}

/** Removes every session key, every spelling, from both storages. */
export function clearSession(): void {
  for (const store of stores()) {
    for (const key of Object.values(keys)) {
      if (key !== keys.remember) store.removeItem(key)
    }
  }
}

/** The api/ client's view of the same storage. */
export const browserTokenStore: TokenStore = {
  getAccessToken,
  getRefreshToken,
  getUserId,
  saveSession(tokens) {
    const store = target()
    store.setItem(keys.accessToken, tokens.access_token)
    store.removeItem(keys.legacyAccessToken)
    store.setItem(keys.refreshToken, tokens.refresh_token)
    if (tokens.user_id) store.setItem(keys.userId, tokens.user_id)
  },
  clear: clearSession,
}
