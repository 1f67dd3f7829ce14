import { LISTING_SOURCES } from '../../../../api/listing-sources.ts'
import { LISTING_SEARCH_MAX_LENGTH, LISTING_TYPES } from '../../../../api/schemas/listings.ts'
import { FilterSelect } from '../components/filter-select.tsx'
import { SearchField } from '../components/search-field.tsx'
import styles from '../components/filter-bar.module.css'
import { LISTING_TYPE_LABELS, type ListingFilters } from './listing-filters.ts'
import { sourceName } from './listing-format.ts'

/** The search box's hints, longest first: the widest that fits shows. */
const SEARCH_HINTS = ['Address, agent or brokerage', 'Address or agent'] as const

interface ListingFiltersBarProps {
  /** The search box as typed; the list follows it after a pause. */
  text: string
  onText: (text: string) => void
  filters: ListingFilters
  onFilters: (filters: ListingFilters) => void
}

/** Search (the server's `q`), and the source and type filters. */
export function ListingFiltersBar({ text, onText, filters, onFilters }: ListingFiltersBarProps) {
  return (
    <div className={styles.filters} role="search" aria-label="Listings">
      <SearchField
        label="Search listings"
        description="By address, listing agent or brokerage."
        placeholders={SEARCH_HINTS}
        maxLength={LISTING_SEARCH_MAX_LENGTH}
        value={text}
        onChange={onText}
      />
      <FilterSelect
        label="Source"
        anyLabel="All sources"
        options={LISTING_SOURCES}
        optionLabel={sourceName}
        value={filters.source}
        onChange={(source) => {
          onFilters({ ...filters, source })
        }}
      />
      <FilterSelect
        label="Type"
        anyLabel="All types"
        options={LISTING_TYPES}
        optionLabel={(type) => LISTING_TYPE_LABELS[type]}
        value={filters.listing_type}
        onChange={(type) => {
          onFilters({ ...filters, listing_type: type })
        }}
      />
    </div>
  )
}
