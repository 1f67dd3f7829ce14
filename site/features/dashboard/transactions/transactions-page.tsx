import { useEffect, useId, useState } from 'react'
import { SearchIcon } from '../dashboard-icons.tsx'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { Pagination } from '../components/pagination.tsx'
import { pageRange, SEARCH_DEBOUNCE_MS } from './table-rules.ts'
import { TransactionTable } from './transaction-table.tsx'
import { useTransactionList } from './use-transaction-list.ts'
import styles from './transactions.module.css'

export const NO_TRANSACTIONS_MESSAGE = 'No transactions found.'

/** Every payment of the caller, searched and paged by the server. */
export default function TransactionsPage() {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const searchId = useId()
  const list = useTransactionList(query, page, setPage)

  // The server searches once typing pauses, from the first page.
  useEffect(() => {
    const q = text.trim()
    if (q === query) return
    const timer = setTimeout(() => {
      setQuery(q)
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [text, query])

  const data = list.data
  let body
  if (list.error) {
    body =
      list.error.message === null ? null : (
        <ErrorPanel
          title="Your transactions could not be loaded"
          message={list.error.message}
          onRetry={list.retry}
        />
      )
  } else if (data === null) {
    body = <Spinner label="Loading your transactions…" />
  } else if (data.total === 0) {
    body = (
      <p className={styles.empty} role="status">
        {NO_TRANSACTIONS_MESSAGE}
      </p>
    )
  } else {
    const range = pageRange(data.page, data.items.length, data.total)
    body = (
      <>
        <div className={styles.tableWrap} aria-busy={list.loading}>
          <TransactionTable transactions={data.items} />
        </div>
        <div className={styles.footer}>
          <p className={styles.range} role="status">
            Showing {range.first}–{range.last} of {data.total}
          </p>
          {range.pageCount > 1 && (
            <Pagination
              page={data.page}
              pageCount={range.pageCount}
              onPage={setPage}
              label="Transaction pages"
            />
          )}
        </div>
      </>
    )
  }

  return (
    <section className={styles.panel} aria-labelledby="transactions-title" aria-busy={list.loading}>
      <div className={styles.toolbar}>
        <div>
          <h2 id="transactions-title" className={styles.title}>
            Recent transactions
          </h2>
          <p className={styles.subtitle}>Payments for your subscription, newest first.</p>
        </div>
        <div className={styles.search}>
          <label htmlFor={searchId} className="sr-only">
            Search transactions
          </label>
          <SearchIcon size={18} className={styles.searchIcon} />
          <input
            id={searchId}
            type="search"
            className={styles.searchInput}
            placeholder="Search ID, type, status or amount"
            value={text}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value)
            }}
          />
        </div>
      </div>
      {body}
    </section>
  )
}
