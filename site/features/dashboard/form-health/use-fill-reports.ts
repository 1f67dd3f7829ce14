import { useCallback, useEffect, useState } from 'react'
import type { FillReportsSummary } from '../../../../api/schemas/fill-reports.ts'
import { isApiError } from '../../../../api/client/api-error.ts'
import { dashboardErrorMessage } from '../load-error.ts'
import { getFillReports } from './api/get-fill-reports.ts'

export type FillReportsState =
  | { status: 'loading' }
  /** `refreshing`: another window is being loaded; what is shown stays meanwhile. */
  | { status: 'ready'; data: FillReportsSummary; refreshing: boolean }
  /** 403: signed in, but not an operator (the server's list may differ from `is_admin`). */
  | { status: 'forbidden' }
  /** `message` is null when the API client has already told the user (session expired). */
  | { status: 'error'; message: string | null }

/** What the last answer said, and for which request (window and attempt). */
type Outcome = { key: string } & (
  | { status: 'ready'; data: FillReportsSummary }
  | { status: 'forbidden' }
  | { status: 'error'; message: string | null }
)

/**
 * The fill reports of the last `days` days, loaded again whenever `days` changes. An answer for
 * an older window (or an unmounted page) is dropped, so a quick change of window cannot end on
 * the wrong numbers.
 */
export function useFillReports(days: number): { state: FillReportsState; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const key = `${days}:${attempt}`

  useEffect(() => {
    let active = true
    void getFillReports(days).then(
      (data) => {
        if (active) setOutcome({ key, status: 'ready', data })
      },
      (error: unknown) => {
        if (!active) return
        if (isApiError(error) && error.kind === 'http' && error.status === 403) {
          setOutcome({ key, status: 'forbidden' })
          return
        }
        const expired = isApiError(error) && error.kind === 'session-expired'
        // Numbers of another window would mislead: a failure replaces them.
        setOutcome({ key, status: 'error', message: expired ? null : dashboardErrorMessage(error) })
      },
    )
    return () => {
      active = false
    }
  }, [days, key])

  const retry = useCallback(() => {
    setAttempt((n) => n + 1)
  }, [])

  return { state: stateOf(outcome, key), retry }
}

function stateOf(outcome: Outcome | null, key: string): FillReportsState {
  if (!outcome) return { status: 'loading' }
  if (outcome.key !== key) {
    // Another window is on its way: the numbers on screen stay, dimmed, until it comes.
    return outcome.status === 'ready'
      ? { status: 'ready', data: outcome.data, refreshing: true }
      : { status: 'loading' }
  }
  if (outcome.status === 'ready') return { status: 'ready', data: outcome.data, refreshing: false }
  if (outcome.status === 'forbidden') return { status: 'forbidden' }
  return { status: 'error', message: outcome.message }
}
