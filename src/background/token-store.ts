import type { SessionTokens, TokenStore } from '../../api/client/token-store.ts'
import { LOCAL, SESSION, readValue, removeKeys, writeValues } from '../storage.ts'

/**
 * The worker's session for the api/ client (docs/architecture.md#session-sharing): the access
 * token in
 * chrome.storage.session (gone when the browser closes; content scripts cannot read it), the
 * refresh token and user id in chrome.storage.local so the login survives a browser restart.
 */
export const chromeTokenStore: TokenStore = {
  getAccessToken: () => readValue<string>('session', SESSION.accessToken),
  getRefreshToken: () => readValue<string>('local', LOCAL.refreshToken),
  getUserId: () => readValue<string>('local', LOCAL.userId),
  async saveSession(session: SessionTokens) {
    const local: Record<string, string> = { [LOCAL.refreshToken]: session.refresh_token }
    if (session.user_id !== undefined) local[LOCAL.userId] = session.user_id
    await Promise.all([
      writeValues('session', { [SESSION.accessToken]: session.access_token }),
      writeValues('local', local),
    ])
  },
  async clear() {
    await Promise.all([
      removeKeys('session', SESSION.accessToken),
      removeKeys('local', [LOCAL.refreshToken, LOCAL.userId, LOCAL.email]),
    ])
  },
}
