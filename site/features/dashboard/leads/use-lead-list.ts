import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../../../api/client/api-error.ts'
import type { Lead } from '../../../../api/schemas/leads.ts'
import { listLeads, type LeadsPage } from './api/list-leads.ts'
import { dashboardErrorMessage } from '../load-error.ts'
import { filterQuery, LEADS_PAGE_SIZE, type LeadFilters } from './lead-filters.ts'

/** The last answer, for the request `key` (filters, page, retry count) it belongs to. */
interface Loaded {
  key: string | null
  data: LeadsPage | null
  /** `message` is null when the API client has already told the user (session expired). */
  error: { message: string | null } | null
}

export interface LeadList {
  /** The last page that arrived; it stays on screen while the next one loads. */
  data: LeadsPage | null
  /** A request for the current filters and page is on its way. */
  loading: boolean
  /** The current filters and page could not be loaded. */
  error: { message: string | null } | null
  retry: () => void
  /** Shows a lead as the server answered an update, in place. */
  replaceLead: (lead: Lead) => void
}

/**
 * GET /leads for the given filters and page. Answers that arrive after the filters changed are
 * dropped; a page past the end (the last lead of it was filtered away) moves to the last page.
 */
export function useLeadList(
  filters: LeadFilters,
  page: number,
  onPageOutOfRange: (lastPage: number) => void,
): LeadList {
  const [loaded, setLoaded] = useState<Loaded>({ key: null, data: null, error: null })
  const [version, setVersion] = useState(0)
  const outOfRange = useRef(onPageOutOfRange)
  useEffect(() => {
    outOfRange.current = onPageOutOfRange
  })
  const key = JSON.stringify([filters, page, version])

  useEffect(() => {
    let active = true
    void listLeads({ page, page_size: LEADS_PAGE_SIZE, ...filterQuery(filters) }).then(
      (data) => {
        if (!active) return
        if (data.items.length === 0 && data.total > 0 && page > 1) {
          outOfRange.current(Math.ceil(data.total / LEADS_PAGE_SIZE))
          return
        }
        setLoaded({ key, data, error: null })
      },
      (error: unknown) => {
        if (!active) return
        const expired = isApiError(error) && error.kind === 'session-expired'
        const message = expired ? null : dashboardErrorMessage(error)
        // A failed page keeps the last one in memory; the error panel shows instead of it.
        setLoaded((previous) => ({ key, data: previous.data, error: { message } }))
      },
    )
    return () => {
      active = false
    }
    // `key` stands for the filters, the page and the retry count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const retry = useCallback(() => {
    setVersion((v) => v + 1)
  }, [])

  const replaceLead = useCallback((lead: Lead) => {
    setLoaded((previous) =>
      previous.data
        ? {
            ...previous,
            data: {
              ...previous.data,
              items: previous.data.items.map((l) => (l._id === lead._id ? lead : l)),
            },
          }
        : previous,
    )
  }, [])

  const current = loaded.key === key
  return {
    data: loaded.data,
    loading: !current,
    error: current ? loaded.error : null,
    retry,
    replaceLead,
  }
}
