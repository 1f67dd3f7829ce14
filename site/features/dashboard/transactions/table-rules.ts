/** Rows per page of the transaction table. */
export const PAGE_SIZE = 5
