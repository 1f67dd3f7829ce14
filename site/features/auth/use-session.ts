import { useSnapshot } from 'valtio'
import { getStoredUsername, hasStoredLogin } from '../../lib/auth-storage.ts'
import { setUserName, ui } from '../../lib/store.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * Whether the visitor is logged in (docs/product.md#logged-in-state), reactively: the store's
 * isLogin, or a stored access token or flag. Re-renders when isLogin changes (login, logout and
 * session expiry all set it). False while hydrating: the prerendered pages are a guest's (the
 * stored-session attribute hides their guest parts until then).
 */
export function useIsLoggedIn(): boolean {
  const snap = useSnapshot(ui)
  const hydrated = useHydrated()
  return hydrated && (snap.isLogin || hasStoredLogin())
}

/** A stored access token or logged-in flag, once hydrated (false while hydrating, as above). */
export function useHasStoredLogin(): boolean {
  return useHydrated() && hasStoredLogin()
}

/** The user's name as far as the site knows it: interface state, then storage; '' if unknown. */
export function useKnownName(): string {
  const snap = useSnapshot(ui)
  return snap.userName || getStoredUsername() || ''
}

/**
 * The user menu's name (docs/product.md#layout-user-menu): the name from the interface state, else
 * the stored username, else User.
 */
export function useDisplayName(): string {
  return useKnownName() || 'User'
}

/**
 * On app load (docs/product.md#logged-in-state), a logged-in visitor's store name comes from the
 * stored username.
 */
export function restoreSession(): void {
  if (!hasStoredLogin()) return
  const stored = getStoredUsername()
  if (stored && !ui.userName) setUserName(stored)
}
