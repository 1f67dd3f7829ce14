import { createContext, useCallback, useContext, useEffect, useState } from 'react'
import type { Dashboard } from '../../../api/schemas/users.ts'
import { isApiError } from '../../../api/client/api-error.ts'
import { getDashboard } from './api/get-dashboard.ts'
import { dashboardErrorMessage } from './load-error.ts'

export type DashboardData =
  | { status: 'loading' }
  | { status: 'ready'; data: Dashboard }
  /** `message` is null when the API client has already told the user (session expired). */
  | { status: 'error'; message: string | null }

export interface DashboardDataState {
  state: DashboardData
  /** Loads the dashboard again (after a cancel, or after a failure); shown data stays meanwhile. */
  reload: () => void
}

/** GET /users/dashboard, once per dashboard visit, shared by its three pages. */
export function useDashboardLoader(): DashboardDataState {
  const [state, setState] = useState<DashboardData>({ status: 'loading' })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let active = true
    void getDashboard().then(
      (data) => {
        if (active) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (!active) return
        const expired = isApiError(error) && error.kind === 'session-expired'
        setState((previous) =>
          // A failed reload keeps what is on screen; a failed first load shows the error.
          previous.status === 'ready'
            ? previous
            : { status: 'error', message: expired ? null : dashboardErrorMessage(error) },
        )
      },
    )
    return () => {
      active = false
    }
  }, [version])

  const reload = useCallback(() => {
    setState((previous) => (previous.status === 'error' ? { status: 'loading' } : previous))
    setVersion((v) => v + 1)
  }, [])

  return { state, reload }
}

export const DashboardDataContext = createContext<DashboardDataState | null>(null)

export function useDashboardData(): DashboardDataState {
  const value = useContext(DashboardDataContext)
  if (!value) throw new Error('useDashboardData must be used inside the dashboard')
  return value
}
