import { useCallback, useEffect, useState } from 'react'
import { isApiError } from '../../../api/client/api-error.ts'
import { dashboardErrorMessage } from './load-error.ts'

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** `message` is null when the API client has already told the user (session expired). */
  | { status: 'error'; message: string | null }

export interface Reloadable<T> {
  state: Loaded<T>
  /** Loads again; what is shown stays meanwhile, and a failed reload keeps it. */
  reload: () => void
}

/**
 * One GET the dashboard shows, loaded on mount and again on `reload`. `load` must be stable (a
 * module-level API call). An answer for an unmounted component is dropped.
 */
export function useReloadable<T>(load: () => Promise<T>): Reloadable<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let active = true
    void load().then(
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
  }, [load, version])

  const reload = useCallback(() => {
    setState((previous) => (previous.status === 'error' ? { status: 'loading' } : previous))
    setVersion((v) => v + 1)
  }, [])

  return { state, reload }
}
