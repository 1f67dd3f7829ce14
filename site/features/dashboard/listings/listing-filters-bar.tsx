import { useId } from 'react'
import { LISTING_SOURCES } from '../../../../api/listing-sources.ts'
import { LISTING_SEARCH_MAX_LENGTH, LISTING_TYPES } from '../../../../api/schemas/listings.ts'
import { SearchIcon } from '../dashboard-icons.tsx'
import { LISTING_TYPE_LABELS, type ListingFilters } from './listing-filters.ts'
import { sourceName } from './listing-format.ts'
import styles from './listings.module.css'

interface ListingFiltersBarProps {
  /** The search box as typed; the list follows it after a pause. */
  text: string
  onText: (text: string) => void
  filters: ListingFilters
  onFilters: (filters: ListingFilters) => void
}

/** Search (the server's `q`), and the source and type filters. */
export function ListingFiltersBar({ text, onText, filters, onFilters }: ListingFiltersBarProps) {
  const id = useId()
  return (
    <div className={styles.filters} role="search" aria-label="Listings">
      <div className={styles.search}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Search listings
        </label>
        <SearchIcon size={18} className={styles.searchIcon} />
        <input
          id={`${id}-q`}
          type="search"
          className={styles.searchInput}
          placeholder="Address, agent or brokerage"
          autoComplete="off"
          maxLength={LISTING_SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            onText(event.target.value)
          }}
        />
      </div>
      <label htmlFor={`${id}-source`} className="sr-only">
        Source
      </label>
      <select
        id={`${id}-source`}
        className={styles.filterSelect}
        value={filters.source}
        onChange={(event) => {
          const source = LISTING_SOURCES.find((s) => s === event.target.value) ?? ''
          onFilters({ ...filters, source })
        }}
      >
        <option value="">All sources</option>
        {LISTING_SOURCES.map((s) => (
          <option key={s} value={s}>
            {sourceName(s)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-type`} className="sr-only">
        Type
      </label>
      <select
        id={`${id}-type`}
        className={styles.filterSelect}
        value={filters.listing_type}
        onChange={(event) => {
          const type = LISTING_TYPES.find((t) => t === event.target.value) ?? ''
          onFilters({ ...filters, listing_type: type })
        }}
      >
        <option value="">All types</option>
        {LISTING_TYPES.map((t) => (
          <option key={t} value={t}>
            {LISTING_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
    </div>
  )
}
