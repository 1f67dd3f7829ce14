import { useCallback, useEffect, useState } from 'react'
import { isApiError } from '../../../../api/client/api-error.ts'
import type { CrmSettingsData } from '../../../../api/schemas/leads.ts'
import { getCrmSettings } from './api/get-crm-settings.ts'
import { dashboardErrorMessage } from '../load-error.ts'

export type CrmSettingsState =
  | { status: 'loading' }
  | { status: 'ready'; data: CrmSettingsData }
  /** `message` is null when the API client has already told the user (session expired). */
  | { status: 'error'; message: string | null }

export interface CrmSettings {
  state: CrmSettingsState
  /** Loads again (after a save or a send, for the delivery log); what is shown stays meanwhile. */
  reload: () => void
}

/** GET /leads/crm, shared by the CRM settings dialog and the Send to CRM dialog. */
export function useCrmSettings(): CrmSettings {
  const [state, setState] = useState<CrmSettingsState>({ status: 'loading' })
  const [version, setVersion] = useState(0)

  useEffect(() => {
    let active = true
    void getCrmSettings().then(
      (data) => {
        if (active) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (!active) return
        const expired = isApiError(error) && error.kind === 'session-expired'
        setState((previous) =>
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
