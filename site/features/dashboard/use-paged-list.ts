import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../../api/client/api-error.ts'
import { dashboardErrorMessage } from './load-error.ts'

/** What a paged list route answers (`pageOf` in api/schemas/fields.ts). */
interface Page {
  items: unknown[]
  total: number
}

/** The last answer, for the request `key` (query, page, retry count) it belongs to. */
interface Loaded<P> {
  key: string | null
  data: P | null
  /** `message` is null when the API client has already told the user (session expired). */
  error: { message: string | null } | null
}

export interface PagedList<P> {
  /** The last page that arrived; it stays on screen while the next one loads. */
  data: P | null
  /** A request for the current query and page is on its way. */
  loading: boolean
  /** The current query and page could not be loaded. */
  error: { message: string | null } | null
  retry: () => void
  /** Changes the page on screen in place (e.g. one row as the server answered an update). */
  update: (change: (data: P) => P) => void
}

/**
 * One page of a server-side list (leads, transactions): `load` is asked again whenever `query`
 * (compared as JSON) or `page` changes, or on retry. Answers that arrive after either changed are
 * dropped; a page past the end (its last rows were filtered away) moves to the last page; a failed
 * page keeps the last one in memory while the error shows.
 */
export function usePagedList<P extends Page>(
  query: unknown,
  page: number,
  pageSize: number,
  load: () => Promise<P>,
  onPageOutOfRange: (lastPage: number) => void,
): PagedList<P> {
  const [loaded, setLoaded] = useState<Loaded<P>>({ key: null, data: null, error: null })
  const [version, setVersion] = useState(0)
  const outOfRange = useRef(onPageOutOfRange)
  useEffect(() => {
    outOfRange.current = onPageOutOfRange
  })
  const key = JSON.stringify([query, page, version])

  useEffect(() => {
    let active = true
    void load().then(
      (data) => {
        if (!active) return
        if (data.items.length === 0 && data.total > 0 && page > 1) {
          outOfRange.current(Math.ceil(data.total / pageSize))
          return
        }
        setLoaded({ key, data, error: null })
      },
      (error: unknown) => {
        if (!active) return
        const expired = isApiError(error) && error.kind === 'session-expired'
        const message = expired ? null : dashboardErrorMessage(error)
        setLoaded((previous) => ({ key, data: previous.data, error: { message } }))
      },
    )
    return () => {
      active = false
    }
    // `key` stands for the query, the page and the retry count; `load` is built from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const retry = useCallback(() => {
    setVersion((v) => v + 1)
  }, [])

  const update = useCallback((change: (data: P) => P) => {
    setLoaded((previous) =>
      previous.data ? { ...previous, data: change(previous.data) } : previous,
    )
  }, [])

  const current = loaded.key === key
  return {
    data: loaded.data,
    loading: !current,
    error: current ? loaded.error : null,
    retry,
    update,
  }
}
