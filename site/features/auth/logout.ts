import { getRefreshToken, clearSession } from '../../lib/auth-storage.ts'
import { api } from '../../lib/api.ts'
import { clearExtensionSession } from '../../lib/extension-bridge.ts'
import { setIsLogin, setUserName } from '../../lib/store.ts'

/**
 * Ends the session on the server too, so the refresh token cannot be used again, and in the
 * extension, which shares it (docs/architecture.md#session-sharing). Best effort.
 */
function revokeOnServer(): void {
  void clearExtensionSession()
  const refreshToken = getRefreshToken()
  if (refreshToken)
    void api.call('logout', { body: { refresh_token: refreshToken } }).catch(() => undefined)
}

/**
 * Desktop and dashboard logout (docs/product.md#logout): isLogin false, all local storage cleared,
 * in-app navigation to /sign-in.
 */
export function logout(navigate: (to: string) => void): void {
  revokeOnServer()
  setIsLogin(false)
  setUserName('')
  localStorage.clear()
  clearSession()
  navigate('/sign-in')
}

/**
 * Mobile logout (docs/product.md#logout): isLogin false, only refresh_token, email and access_Token
 * removed (and the current token spelling, or the session would survive), then a full page load.
 */
export function logoutMobile(): void {
  revokeOnServer()
  setIsLogin(false)
  for (const store of [localStorage, sessionStorage]) {
    for (const key of ['refresh_token', 'email', 'access_Token', 'accessToken', 'isLoggedIn']) {
      store.removeItem(key)
    }
  }
  window.location.assign('/sign-in')
}
