import { useId, useState } from 'react'
import type { Transaction } from '../../../../api/schemas/payment.ts'
import { SearchIcon } from '../dashboard-icons.tsx'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { useDashboardData } from '../use-dashboard-data.ts'
import { Pagination } from '../components/pagination.tsx'
import { paginate, searchTransactions } from './table-rules.ts'
import { TransactionTable } from './transaction-table.tsx'
import styles from './transactions.module.css'

export const NO_TRANSACTIONS_MESSAGE = 'No transactions found.'

/** SPEC §2 /dashboard/transactions, with the search and pagination built working (DESIGN §7). */
export default function TransactionsPage() {
  const { state, reload } = useDashboardData()
  if (state.status === 'loading') return <Spinner label="Loading your transactions…" />
  if (state.status === 'error') {
    if (state.message === null) return null
    return (
      <ErrorPanel
        title="Your transactions could not be loaded"
        message={state.message}
        onRetry={reload}
      />
    )
  }
  return <Transactions transactions={state.data.recent_transactions} />
}

export function Transactions({ transactions }: { transactions: readonly Transaction[] }) {
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const searchId = useId()
  const found = searchTransactions(transactions, query)
  const shown = paginate(found, page)

  return (
    <section className={styles.panel} aria-labelledby="transactions-title">
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
            value={query}
            autoComplete="off"
            onChange={(event) => {
              setQuery(event.target.value)
              setPage(1)
            }}
          />
        </div>
      </div>
      {shown.total === 0 ? (
        <p className={styles.empty} role="status">
          {NO_TRANSACTIONS_MESSAGE}
        </p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <TransactionTable transactions={shown.items} />
          </div>
          <div className={styles.footer}>
            <p className={styles.range} role="status">
              Showing {shown.first}–{shown.last} of {shown.total}
            </p>
            {shown.pageCount > 1 && (
              <Pagination
                page={shown.page}
                pageCount={shown.pageCount}
                onPage={setPage}
                label="Transaction pages"
              />
            )}
          </div>
        </>
      )}
    </section>
  )
}
