/** Rows per page of the transaction table. */
export const PAGE_SIZE = 5

/** The server is asked once typing pauses this long, not per keystroke. */
export const SEARCH_DEBOUNCE_MS = 300

export interface PageRange {
  pageCount: number
  /** 1-based index of the first and last item shown; 0 and 0 when there are none. */
  first: number
  last: number
}

/** Where a page of `shown` rows out of `total` sits, for "Showing 6–10 of 13" and the page count. */
export function pageRange(page: number, shown: number, total: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const first = shown === 0 ? 0 : (page - 1) * PAGE_SIZE + 1
  return { pageCount, first, last: shown === 0 ? 0 : first + shown - 1 }
}
