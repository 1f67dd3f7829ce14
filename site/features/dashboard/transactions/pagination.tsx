import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx'
import styles from './transactions.module.css'

interface PaginationProps {
  page: number
  pageCount: number
  onPage: (page: number) => void
}

/** Previous, the page numbers and Next; the current page is marked for screen readers too. */
export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1)
  return (
    <nav className={styles.pagination} aria-label="Transaction pages">
      <button
        type="button"
        className={styles.pageButton}
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1)
        }}
      >
        <ChevronLeftIcon size={16} />
        Previous
      </button>
      <ul className={styles.pageList}>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={styles.pageNumber}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => {
                onPage(n)
              }}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.pageButton}
        disabled={page >= pageCount}
        onClick={() => {
          onPage(page + 1)
        }}
      >
        Next
        <ChevronRightIcon size={16} />
      </button>
    </nav>
  )
}
