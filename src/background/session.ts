import { DEFAULT_ERROR_MESSAGE, isApiError } from '../../api/client/api-error.ts'
import {
  sharedSession,
  type ExtensionSessionAnswer,
  type SharedSession,
} from '../../api/extension-messages.ts'
import type { LoginResult, SessionStatus } from '../messages.ts'
import { LOCAL, SESSION, readValue, removeKeys, writeValues } from '../storage.ts'
import { api } from './api.ts'
import { chromeTokenStore } from './token-store.ts'

/** Logged in means a refresh token is kept: the access token is renewed from it when needed. */
export async function sessionStatus(): Promise<SessionStatus> {
  const [refreshToken, userId, email, notice] = await Promise.all([
    chromeTokenStore.getRefreshToken(),
    chromeTokenStore.getUserId(),
    readValue<string>('local', LOCAL.email),
    readValue<string>('local', LOCAL.notice),
  ])
  if (refreshToken) return { loggedIn: true, userId: userId ?? null, email: email ?? null }
  return { loggedIn: false, notice: notice ?? null }
}

/** A new session replaces the old one and the notice of how the old one ended. */
async function startSession(session: SharedSession, email: string | null): Promise<void> {
  await chromeTokenStore.clear()
  await chromeTokenStore.saveSession(session)
  await removeKeys('local', LOCAL.notice)
  if (email) await writeValues('local', { [LOCAL.email]: email })
}

/** The popup's login: the same account and call as the site's sign-in. */
export async function login(email: string, password: string): Promise<LoginResult> {
  const trimmed = email.trim()
  try {
    const data = await api().call('login', { body: { email: trimmed, password } })
    await startSession(
      { access_token: data.access_token, refresh_token: data.refresh_token, user_id: data.user_id },
      trimmed,
    )
    return { ok: true, email: trimmed }
  } catch (error) {
    if (!isApiError(error)) return { ok: false, message: DEFAULT_ERROR_MESSAGE, unverified: false }
    return {
      ok: false,
      message: error.message,
      unverified: error.kind === 'http' && error.status === 403,
      ...(error.fields ? { fields: error.fields } : {}),
    }
  }
}

/** Ends the session here and on the server (best effort: offline still logs out here). */
export async function logout(): Promise<{ ok: true }> {
  const refreshToken = await chromeTokenStore.getRefreshToken()
  await chromeTokenStore.clear()
  await removeKeys('local', LOCAL.notice)
  // The last conversion's outcome (a trial-over notice, an error) was this account's: whoever
  // logs in next must not see it.
  await removeKeys('session', SESSION.conversion)
  if (refreshToken) {
    await api()
      .call('logout', { body: { refresh_token: refreshToken } })
      .catch(() => undefined)
  }
  return { ok: true }
}

/** The site logged in (or refreshed its tokens): the extension takes the same session. */
export async function adoptSiteSession(payload: unknown): Promise<{ ok: true }> {
  const session = sharedSession.parse(payload)
  const current = await chromeTokenStore.getUserId()
  // Same user: keep the e-mail we know; another user: forget it (the popup shows none).
  const email =
    current === session.user_id ? ((await readValue<string>('local', LOCAL.email)) ?? null) : null
  await startSession(session, email)
  // Not awaited: the site's login waits for this answer. And only with the site's access token: a
  // refresh here would rotate the refresh token the site is still holding mid-login.
  if (!email && session.access_token) void learnEmail(session.user_id)
  return { ok: true }
}

/**
 * The site sends tokens, not the e-mail; the popup's "Signed in as" needs it. Best effort: the
 * session works without it, and a newer session for someone else must not get this one's e-mail.
 */
async function learnEmail(userId: string): Promise<void> {
  try {
    const me = await api().call('me')
    if ((await chromeTokenStore.getUserId()) === userId && me._id === userId) {
      await writeValues('local', { [LOCAL.email]: me.email })
    }
  } catch {
    // Offline or the server is down: the popup shows the session without the e-mail.
  }
}

/** The site logged out (and revoked the session on the server): forget it here too. */
export async function clearSiteSession(): Promise<{ ok: true }> {
  await chromeTokenStore.clear()
  return { ok: true }
}

/** The site asks for the extension's session, to log in with it (the other way round). */
export async function sessionForSite(): Promise<ExtensionSessionAnswer> {
  const [access, refresh, userId] = await Promise.all([
    chromeTokenStore.getAccessToken(),
    chromeTokenStore.getRefreshToken(),
    chromeTokenStore.getUserId(),
  ])
  if (!refresh || !userId) return { logged_in: false }
  return { logged_in: true, access_token: access || null, refresh_token: refresh, user_id: userId }
}
