import type { ReactNode } from 'react'
import { pageRange } from './page-range.ts'
import { Pagination } from './pagination.tsx'
import styles from './stacked-table.module.css'

interface PagedTableProps {
  /** The page the server answered (`pageOf` in api/schemas/fields.ts). */
  data: { items: readonly unknown[]; page: number; page_size: number; total: number }
  /** The next page is on its way: the rows on screen dim. */
  busy: boolean
  onPage: (page: number) => void
  /** The page list's name for screen readers: "Lead pages". */
  label: string
  /** The table. */
  children: ReactNode
}

/** One page of a server-paged table, with "Showing 1–10 of 23" and the pages under it. */
export function PagedTable({ data, busy, onPage, label, children }: PagedTableProps) {
  const range = pageRange(data.page, data.page_size, data.items.length, data.total)
  return (
    <>
      <div className={styles.wrap} aria-busy={busy}>
        {children}
      </div>
      <div className={styles.footer}>
        <p className={styles.range} role="status">
          Showing {range.first}–{range.last} of {data.total}
        </p>
        {range.pageCount > 1 && (
          <Pagination page={data.page} pageCount={range.pageCount} onPage={onPage} label={label} />
        )}
      </div>
    </>
  )
}
