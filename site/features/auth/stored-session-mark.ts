import { useEffect } from 'react'
import { STORED_SESSION_ATTRIBUTE } from '../../lib/stored-session-script.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useIsLoggedIn } from './use-session.ts'

/**
 * Renders nothing; keeps <html>'s stored-session attribute, set before the first paint by the
 * shell's inline script, in step with the login state once the app has hydrated: removed on
 * logout or session expiry, so the guest-only parts it hides show again; set on a login. While
 * hydrating it is left as the script set it. A component of its own, so a login re-renders only it.
 */
export function StoredSessionMark(): null {
  const hydrated = useHydrated()
  const loggedIn = useIsLoggedIn()
  useEffect(() => {
    if (hydrated) document.documentElement.toggleAttribute(STORED_SESSION_ATTRIBUTE, loggedIn)
  }, [hydrated, loggedIn])
  return null
}
