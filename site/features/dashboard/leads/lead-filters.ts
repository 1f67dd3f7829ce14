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
