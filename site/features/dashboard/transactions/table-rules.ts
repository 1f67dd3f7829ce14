import type { Transaction } from '../../../../api/schemas/payment.ts'
import { formatUsd, paymentTypeLabel, shortTransactionId, statusLabel } from '../format.ts'

/** Rows per page of the transaction table. */
export const PAGE_SIZE = 5

function normalize(text: string): string {
  return text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim()
}

/** Everything a person might type to find a transaction: its ID, type, status and amount. */
function searchableText(t: Transaction): string {
  const amount = t.transaction_amount_in_usd
  return normalize(
    [
      t._id,
      shortTransactionId(t._id),
      paymentTypeLabel(t.payment_type),
      statusLabel(t.transaction_status),
      formatUsd(amount),
      formatUsd(amount).replace(/,/g, ''),
      String(amount),
    ].join(' | '),
  )
}

/**
 * The transactions matching `query` (case-insensitive; underscores count as spaces): by ID ("#1a2b"
 * or "1a2b"), payment type, status, or amount ("49", "$49.00", "468.00"). An empty query keeps all.
 */
export function searchTransactions(
  transactions: readonly Transaction[],
  query: string,
): Transaction[] {
  const wanted = normalize(query)
  if (!wanted) return [...transactions]
  return transactions.filter((t) => searchableText(t).includes(wanted))
}

export interface Page<T> {
  items: T[]
  /** 1-based, clamped to the pages there are. */
  page: number
  pageCount: number
  /** 1-based index of the first and last item shown; 0 and 0 when there are none. */
  first: number
  last: number
  total: number
}

/** One page of `items`; a page beyond the last shows the last, one below 1 the first. */
export function paginate<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): Page<T> {
  const total = items.length
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount)
  const start = (current - 1) * pageSize
  const pageItems = items.slice(start, start + pageSize)
  return {
    items: pageItems,
    page: current,
    pageCount,
    first: total === 0 ? 0 : start + 1,
    last: start + pageItems.length,
    total,
  }
}
