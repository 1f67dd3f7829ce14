import {
  LEAD_LIMITS,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
} from '../../../../api/schemas/leads.ts'
import { FilterSelect } from '../components/filter-select.tsx'
import { SearchField } from '../components/search-field.tsx'
import styles from '../components/filter-bar.module.css'
import type { LeadFilters } from './lead-filters.ts'

/** The search box's hints, longest first: the widest that fits shows. */
const SEARCH_HINTS = [
  'Search name, phone, e-mail or address',
  'Name, phone, e-mail, address',
  'Name, phone or e-mail',
] as const

interface LeadFiltersBarProps {
  /** The search box as typed; the list follows it after a pause. */
  text: string
  onText: (text: string) => void
  filters: LeadFilters
  onFilters: (filters: LeadFilters) => void
}

/** Search (the server's `q`), and the status and source filters. */
export function LeadFiltersBar({ text, onText, filters, onFilters }: LeadFiltersBarProps) {
  return (
    <div className={styles.filters} role="search" aria-label="Leads">
      <SearchField
        label="Search leads"
        description="By the owner's name, phone, e-mail or the address."
        placeholders={SEARCH_HINTS}
        maxLength={LEAD_LIMITS.searchMaxLength}
        value={text}
        onChange={onText}
      />
      <FilterSelect
        label="Status"
        anyLabel="All statuses"
        options={LEAD_STATUSES}
        optionLabel={(status) => LEAD_STATUS_LABELS[status]}
        value={filters.status}
        onChange={(status) => {
          onFilters({ ...filters, status })
        }}
      />
      <FilterSelect
        label="Source"
        anyLabel="All sources"
        options={LEAD_SOURCES}
        optionLabel={(source) => LEAD_SOURCE_LABELS[source]}
        value={filters.source}
        onChange={(source) => {
          onFilters({ ...filters, source })
        }}
      />
    </div>
  )
}
