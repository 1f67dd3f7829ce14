import { useId } from 'react'
import {
  LEAD_LIMITS,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
} from '../../../../api/schemas/leads.ts'
import { SearchIcon } from '../dashboard-icons.tsx'
import type { LeadFilters } from './lead-filters.ts'
import styles from './leads.module.css'

interface LeadFiltersBarProps {
  /** The search box as typed; the list follows it after a pause. */
  text: string
  onText: (text: string) => void
  filters: LeadFilters
  onFilters: (filters: LeadFilters) => void
}

/** Search (the server's `q`), and the status and source filters. */
export function LeadFiltersBar({ text, onText, filters, onFilters }: LeadFiltersBarProps) {
  const id = useId()
  return (
    <div className={styles.filters} role="search" aria-label="Leads">
      <div className={styles.search}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Search leads
        </label>
        <SearchIcon size={18} className={styles.searchIcon} />
        <input
          id={`${id}-q`}
          type="search"
          className={styles.searchInput}
          placeholder="Search name, phone, e-mail or address"
          autoComplete="off"
          maxLength={LEAD_LIMITS.searchMaxLength}
          value={text}
          onChange={(event) => {
            onText(event.target.value)
          }}
        />
      </div>
      <label htmlFor={`${id}-status`} className="sr-only">
        Status
      </label>
      <select
        id={`${id}-status`}
        className={styles.filterSelect}
        value={filters.status}
        onChange={(event) => {
          const status = LEAD_STATUSES.find((s) => s === event.target.value) ?? ''
          onFilters({ ...filters, status })
        }}
      >
        <option value="">All statuses</option>
        {LEAD_STATUSES.map((s) => (
          <option key={s} value={s}>
            {LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-source`} className="sr-only">
        Source
      </label>
      <select
        id={`${id}-source`}
        className={styles.filterSelect}
        value={filters.source}
        onChange={(event) => {
          const source = LEAD_SOURCES.find((s) => s === event.target.value) ?? ''
          onFilters({ ...filters, source })
        }}
      >
        <option value="">All sources</option>
        {LEAD_SOURCES.map((s) => (
          <option key={s} value={s}>
            {LEAD_SOURCE_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  )
}
