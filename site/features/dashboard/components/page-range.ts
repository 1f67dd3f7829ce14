/** Where one page of a server-paged list sits: "Showing 6–10 of 13", and how many pages there are. */
export interface PageRange {
  pageCount: number
  /** 1-based index of the first and last row shown; 0 and 0 when there are none. */
  first: number
  last: number
}

/** The range of a page of `shown` rows out of `total`, from the server's own page size. */
export function pageRange(page: number, pageSize: number, shown: number, total: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1
  return { pageCount, first, last: shown === 0 ? 0 : first + shown - 1 }
}
