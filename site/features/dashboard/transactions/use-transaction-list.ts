import { listTransactions, type TransactionsPage } from '../api/list-transactions.ts'
import { usePagedList, type PagedList } from '../use-paged-list.ts'
import { PAGE_SIZE } from './table-rules.ts'

/**
 * GET /users/transactions for the search `q` and `page`. Answers that arrive after the search or
 * the page changed are dropped; a page past the end moves to the last page.
 */
export function useTransactionList(
  q: string,
  page: number,
  onPageOutOfRange: (lastPage: number) => void,
): PagedList<TransactionsPage> {
  return usePagedList(
    q,
    page,
    PAGE_SIZE,
    () => listTransactions({ page, page_size: PAGE_SIZE, ...(q ? { q } : {}) }),
    onPageOutOfRange,
  )
}
