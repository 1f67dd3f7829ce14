import { useCallback } from 'react'
import type { Lead } from '../../../../api/schemas/leads.ts'
import { usePagedList, type PagedList } from '../use-paged-list.ts'
import { listLeads, type LeadsPage } from './api/list-leads.ts'
import { filterQuery, LEADS_PAGE_SIZE, type LeadFilters } from './lead-filters.ts'

export interface LeadList extends Omit<PagedList<LeadsPage>, 'update'> {
  /** Shows a lead as the server answered an update, in place. */
  replaceLead: (lead: Lead) => void
}

/**
 * GET /leads for the given filters and page. Answers that arrive after the filters changed are
 * dropped; a page past the end (the last lead of it was filtered away) moves to the last page.
 */
export function useLeadList(
  filters: LeadFilters,
  page: number,
  onPageOutOfRange: (lastPage: number) => void,
): LeadList {
  const { update, ...list } = usePagedList(
    filters,
    page,
    LEADS_PAGE_SIZE,
    () => listLeads({ page, page_size: LEADS_PAGE_SIZE, ...filterQuery(filters) }),
    onPageOutOfRange,
  )
  const replaceLead = useCallback(
    (lead: Lead) => {
      update((data) => ({
        ...data,
        items: data.items.map((l) => (l._id === lead._id ? lead : l)),
      }))
    },
    [update],
  )
  return { ...list, replaceLead }
}
