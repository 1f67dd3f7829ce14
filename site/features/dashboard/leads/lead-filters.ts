import type { LeadSource, LeadStatus } from '../../../../api/schemas/leads.ts'

/** What the agent narrowed the list to; '' is "any". The same filters drive "Export all". */
export interface LeadFilters {
  q: string
  status: LeadStatus | ''
  source: LeadSource | ''
}

export const NO_FILTERS: LeadFilters = { q: '', status: '', source: '' }

/** Leads per page of the table (the server's default page size). */
export const LEADS_PAGE_SIZE = 20

/** Typing pauses this long before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300

export function hasFilters(filters: LeadFilters): boolean {
  return filters.q !== '' || filters.status !== '' || filters.source !== ''
}

/** The filters as query parameters: "any" is left out rather than sent empty. */
export function filterQuery(filters: LeadFilters) {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.source ? { source: filters.source } : {}),
  }
}

export interface PageRange {
  pageCount: number
  /** 1-based index of the first and last lead shown; 0 and 0 when there are none. */
  first: number
  last: number
}

export function pageRange(page: number, shown: number, total: number): PageRange {
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE))
  const first = shown === 0 ? 0 : (page - 1) * LEADS_PAGE_SIZE + 1
  return { pageCount, first, last: shown === 0 ? 0 : first + shown - 1 }
}
