/**
 * Where the client keeps the session. Injected so the site (localStorage) and the extension's
 * service worker (chrome.storage, which is async) share one client; methods may be sync or async.
 */
export type MaybePromise<T> = T | Promise<T>

/** A stored value; `null`, `undefined` and `''` all mean "none" (localStorage vs chrome.storage). */
export type StoredToken = string | null | undefined

export interface SessionTokens {
  access_token: string
  refresh_token: string
  /** Needed by the refresh call (its `user_id` query); omitted means keep the stored one. */
  user_id?: string
}

export interface TokenStore {
  getAccessToken(): MaybePromise<StoredToken>
  getRefreshToken(): MaybePromise<StoredToken>
  getUserId(): MaybePromise<StoredToken>
  saveSession(session: SessionTokens): MaybePromise<void>
  clear(): MaybePromise<void>
}

/** An in-memory store for tests and Node scripts. */
export function createMemoryTokenStore(initial?: Partial<SessionTokens>): TokenStore {
  let access: string | null = initial?.access_token ?? null
  let refresh: string | null = initial?.refresh_token ?? null
  let userId: string | null = initial?.user_id ?? null
  return {
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    getUserId: () => userId,
    saveSession(session) {
      access = session.access_token
      refresh = session.refresh_token
      if (session.user_id !== undefined) userId = session.user_id
    },
    clear() {
      access = null
      refresh = null
      userId = null
    },
  }
}
