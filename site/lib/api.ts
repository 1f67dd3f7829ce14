import { navigate } from 'wouter/use-browser-location'
import { createApiClient } from '../../api/client/api-client.ts'
import { SESSION_EXPIRED_MESSAGE } from '../../api/client/api-error.ts'
import { browserTokenStore } from './auth-storage.ts'
import { withExtensionSessionSync } from './extension-bridge.ts'
import { setIsLogin } from './store.ts'
import { toast } from './toast.tsx'

/**
 * The site's session store: browser storage, shared with the extension, which holds the same
 * rotating refresh token. Saving a session here hands it to the extension too; clearing signs the
 * extension out.
 */
export const siteTokenStore = withExtensionSessionSync(browserTokenStore)

/**
 * The site's one API client: same origin, session in browser storage, refreshed once on a 401
 * (docs/product.md#session-refresh).
 */
export const api = createApiClient({
  baseUrl: '',
  tokenStore: siteTokenStore,
  onSessionExpired() {
    if (window.location.pathname === '/sign-in') return
    setIsLogin(false)
    toast.error(SESSION_EXPIRED_MESSAGE)
    navigate('/sign-in')
  },
})
