import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx'
import styles from './pagination.module.css'

interface PaginationProps {
  page: number
  pageCount: number
  onPage: (page: number) => void
  /** The navigation's name for screen readers: "Transaction pages", "Lead pages". */
  label: string
}

/** Up to this many pages, every number shows; beyond, the first, the last and the current ±1. */
const ALL_NUMBERS_UP_TO = 7

/** The page numbers to show, with null where a run of pages is left out ("…"). */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= ALL_NUMBERS_UP_TO) return Array.from({ length: pageCount }, (_, i) => i + 1)
  const shown = [1, page - 1, page, page + 1, pageCount].filter(
    (n, i, all) => n >= 1 && n <= pageCount && all.indexOf(n) === i,
  )
  shown.sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of shown) {
    const previous = out[out.length - 1]
    if (typeof previous === 'number' && n - previous > 1) out.push(null)
    out.push(n)
  }
  return out
}

/** Previous, the page numbers and Next; the current page is marked for screen readers too. */
export function Pagination({ page, pageCount, onPage, label }: PaginationProps) {
  const pages = pageNumbers(page, pageCount)
  return (
    <nav className={styles.pagination} aria-label={label}>
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
        {pages.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
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
          ),
        )}
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
