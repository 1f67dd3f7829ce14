import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../../../api/client/api-error.ts'
import { listTransactions, type TransactionsPage } from '../api/list-transactions.ts'
import { dashboardErrorMessage } from '../load-error.ts'
import { PAGE_SIZE } from './table-rules.ts'

/** The last answer, for the request `key` (search, page, retry count) it belongs to. */
interface Loaded {
  key: string | null
  data: TransactionsPage | null
  /** `message` is null when the API client has already told the user (session expired). */
  error: { message: string | null } | null
}

export interface TransactionList {
  /** The last page that arrived; it stays on screen while the next one loads. */
  data: TransactionsPage | null
  /** A request for the current search and page is on its way. */
  loading: boolean
  error: { message: string | null } | null
  retry: () => void
}

/**
 * GET /users/transactions for the search `q` and `page`. Answers that arrive after the search or
 * the page changed are dropped; a page past the end moves to the last page.
 */
export function useTransactionList(
  q: string,
  page: number,
  onPageOutOfRange: (lastPage: number) => void,
): TransactionList {
  const [loaded, setLoaded] = useState<Loaded>({ key: null, data: null, error: null })
  const [version, setVersion] = useState(0)
  const outOfRange = useRef(onPageOutOfRange)
  useEffect(() => {
    outOfRange.current = onPageOutOfRange
  })
  const key = JSON.stringify([q, page, version])

  useEffect(() => {
    let active = true
    void listTransactions({ page, page_size: PAGE_SIZE, ...(q ? { q } : {}) }).then(
      (data) => {
        if (!active) return
        if (data.items.length === 0 && data.total > 0 && page > 1) {
          outOfRange.current(Math.ceil(data.total / PAGE_SIZE))
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
    // `key` stands for the search, the page and the retry count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const retry = useCallback(() => {
    setVersion((v) => v + 1)
  }, [])

  const current = loaded.key === key
  return { data: loaded.data, loading: !current, error: current ? loaded.error : null, retry }
}
