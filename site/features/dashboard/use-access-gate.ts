import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import type { Me } from '../../../api/schemas/users.ts'
import { isApiError } from '../../../api/client/api-error.ts'
import { clearSession, saveEmail } from '../../lib/auth-storage.ts'
import { setIsLogin, setIsTrial, setRemainingDays, setUserName } from '../../lib/store.ts'
import { toast } from '../../lib/toast.tsx'
import { accessFromUser, type Access } from './access-rules.ts'
import { getMe } from './api/get-me.ts'
import { sectionAt } from './layout/sections.ts'
import { dashboardErrorMessage } from './load-error.ts'

export const LOGIN_REQUIRED_MESSAGE = 'Please login to access the dashboard'
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  'You need an active subscription to access the dashboard'

export type GateState =
  | { status: 'checking' }
  /**
   * `access.allowed` may be false on the pages open without access (sections.ts). `updateUser`
   * takes the account a save answered (Settings), so every page shows it from then on.
   */
  | { status: 'allowed'; user: Me; access: Access; updateUser: (user: Me) => void }
  /** Neither a subscription nor a trial, on a page that needs one: on the way to /pricing. */
  | { status: 'subscription-required' }
  /** The server could not be asked (offline, 5xx): the session may be fine, so it is kept. */
  | { status: 'unavailable'; message: string; retry: () => void }

/** No answer, or the server failing: says nothing about the session. */
function isOutage(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.status >= 500)
}

/**
 * The dashboard gate (docs/product.md#dashboard-gate): while /users/me loads, checking; when it
 * fails, /sign-in with "Please login to access the dashboard"; with neither a subscription nor a
 * trial, /pricing with "You need an active subscription to access the dashboard", except on the
 * pages open without access (Listings, Transactions, Settings; docs/product.md#lapsed-trial),
 * which stay reachable: moving from one of them to another page goes to /pricing then. The
 * interface state gets the user's name, days left and trial flag.
 */
export function useAccessGate(): GateState {
  const [location, navigate] = useLocation()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<GateState>({ status: 'checking' })
  const sentToPricing = useRef(false)
  const blocked =
    state.status === 'allowed' &&
    !state.access.allowed &&
    !sectionAt(location, state.user.is_admin)?.openWithoutAccess

  useEffect(() => {
    // Once, even under StrictMode's double effect: one toast, one redirect.
    if (!blocked || sentToPricing.current) return
    sentToPricing.current = true
    toast.error(SUBSCRIPTION_REQUIRED_MESSAGE)
    navigate('/pricing', { replace: true })
  }, [blocked, navigate])

  useEffect(() => {
    let active = true
    void getMe().then(
      (user) => {
        if (!active) return
        const allow = (user: Me) => {
          const access = accessFromUser(user, new Date())
          // Checkout sends the stored address: it follows a confirmed e-mail change.
          saveEmail(user.email)
          setUserName(user.full_name)
          setRemainingDays(access.days)
          setIsTrial(access.isTrial)
          setState({ status: 'allowed', user, access, updateUser: allow })
        }
        allow(user)
      },
      (error: unknown) => {
        if (!active) return
        if (isOutage(error)) {
          setState({
            status: 'unavailable',
            message: dashboardErrorMessage(error),
            retry: () => {
              setState({ status: 'checking' })
              setAttempt((n) => n + 1)
            },
          })
          return
        }
        // A session the API client already ended: it said so and went to /sign-in itself.
        if (isApiError(error) && error.kind === 'session-expired') return
        // Whatever is stored cannot open the dashboard; leaving it would bounce /sign-in back here.
        clearSession()
        setIsLogin(false)
        toast.error(LOGIN_REQUIRED_MESSAGE)
        navigate('/sign-in', { replace: true })
      },
    )
    return () => {
      active = false
    }
  }, [navigate, attempt])

  return blocked ? { status: 'subscription-required' } : state
}
