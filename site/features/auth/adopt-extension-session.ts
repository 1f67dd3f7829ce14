import { hasStoredLogin } from '../../lib/auth-storage.ts'
import { getExtensionSession } from '../../lib/extension-bridge.ts'

/**
 * Session sharing (docs/architecture.md#session-sharing): on load the site asks the extension for
 * its session, so logging in to the extension logs the site in too. Only when the site has no
 * session of its own; the API client (zod and all) loads only when there is a session to adopt,
 * keeping the landing page light.
 */
export async function adoptExtensionSession(): Promise<boolean> {
  if (hasStoredLogin()) return false
  const shared = await getExtensionSession()
  if (!shared?.logged_in) return false
  const [{ createApiClient }, { completeLogin }, { browserTokenStore }] = await Promise.all([
    import('../../../api/client/api-client.ts'),
    import('./complete-login.ts'),
    import('../../lib/auth-storage.ts'),
  ])
  // Its own client: a refused session here is simply not adopted, with no "session expired"
  // toast or redirect for a visitor who never logged in to the site.
  const api = createApiClient({ baseUrl: '', tokenStore: browserTokenStore })
  // The refresh token is enough: the client refreshes the access token when it is missing.
  await browserTokenStore.saveSession({
    access_token: shared.access_token ?? '',
    refresh_token: shared.refresh_token,
    user_id: shared.user_id,
  })
  try {
    const me = await api.call('me')
    const session = {
      access_token: (await browserTokenStore.getAccessToken()) ?? '',
      refresh_token: (await browserTokenStore.getRefreshToken()) ?? shared.refresh_token,
      user_id: shared.user_id,
      username: me.full_name,
    }
    completeLogin(session, me.email, true)
    return true
  } catch {
    await browserTokenStore.clear()
    return false
  }
}
