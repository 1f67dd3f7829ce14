import { useState } from 'react'
import { SearchField } from '../components/search-field.tsx'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { PagedTable } from '../components/paged-table.tsx'
import { useSearchAfterPause } from '../components/use-search-after-pause.ts'
import { TransactionTable } from './transaction-table.tsx'
import { useTransactionList } from './use-transaction-list.ts'
import styles from './transactions.module.css'

export const NO_TRANSACTIONS_MESSAGE = 'No transactions found.'

/** The search box's hints, longest first: the widest that fits shows. */
const SEARCH_HINTS = ['Search ID, type, status or amount', 'ID, status or amount'] as const

/** Every payment of the caller, searched and paged by the server. */
export default function TransactionsPage() {
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const list = useTransactionList(query, page, setPage)

  useSearchAfterPause(text, query, (q) => {
    setQuery(q)
    setPage(1)
  })

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
    body = (
      <PagedTable data={data} busy={list.loading} onPage={setPage} label="Transaction pages">
        <TransactionTable transactions={data.items} />
      </PagedTable>
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
        <SearchField
          label="Search transactions"
          description="By ID, payment type, status or amount."
          placeholders={SEARCH_HINTS}
          className={styles.search}
          value={text}
          onChange={setText}
        />
      </div>
      {body}
    </section>
  )
}
