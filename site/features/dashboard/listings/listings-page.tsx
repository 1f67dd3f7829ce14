import { useState } from 'react'
import { REPEAT_CONVERSION_RULE } from '../../../content/metering-rule.ts'
import { PagedTable } from '../components/paged-table.tsx'
import { useSearchAfterPause } from '../components/use-search-after-pause.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { NoListingsMatch, NoListingsYet } from './listing-empty-states.tsx'
import { hasListingFilters, NO_LISTING_FILTERS, type ListingFilters } from './listing-filters.ts'
import { ListingFiltersBar } from './listing-filters-bar.tsx'
import { ListingTable } from './listing-table.tsx'
import { useListingList } from './use-listing-list.ts'
import styles from './listings.module.css'

/**
 * /dashboard/listings: the listings the agent converted, searched, filtered and paged by the
 * server, each with Fill again (a fresh Marketplace draft through the extension).
 */
export default function ListingsPage() {
  const [text, setText] = useState('')
  const [filters, setFilters] = useState<ListingFilters>(NO_LISTING_FILTERS)
  const [page, setPage] = useState(1)
  const list = useListingList(filters, page, setPage)

  useSearchAfterPause(text, filters.q, (q) => {
    setFilters((f) => ({ ...f, q }))
    setPage(1)
  })

  function changeFilters(next: ListingFilters) {
    setFilters(next)
    setPage(1)
  }

  function clearFilters() {
    setText('')
    changeFilters(NO_LISTING_FILTERS)
  }

  /** Fill again converted the listing again: its row says so until the list is asked again. */
  function filledAgain(listingId: string) {
    const now = new Date().toISOString()
    list.update((data) => ({
      ...data,
      items: data.items.map((l) => (l._id === listingId ? { ...l, converted_at: now } : l)),
    }))
  }

  const data = list.data
  const filtered = hasListingFilters(filters)
  let body
  if (list.error) {
    body =
      list.error.message === null ? null : (
        <ErrorPanel
          title="Your listings could not be loaded"
          message={list.error.message}
          onRetry={list.retry}
        />
      )
  } else if (data === null) {
    body = <Spinner label="Loading your listings…" />
  } else if (data.total === 0) {
    body = filtered ? <NoListingsMatch onClear={clearFilters} /> : <NoListingsYet />
  } else {
    body = (
      <PagedTable data={data} busy={list.loading} onPage={setPage} label="Listing pages">
        <ListingTable listings={data.items} onFilledAgain={filledAgain} />
      </PagedTable>
    )
  }

  // With no listings at all there is nothing to search: the first steps stand alone.
  const showFilters = filtered || text !== '' || (data !== null && data.total > 0)

  return (
    <section className={styles.panel} aria-labelledby="listings-title" aria-busy={list.loading}>
      <div className={styles.toolbar}>
        <h2 id="listings-title" className={styles.title}>
          Converted listings
        </h2>
        <p className={styles.subtitle}>
          Listings you turned into Marketplace drafts, last converted first. Fill again opens a
          fresh draft of one.
        </p>
        <p className={styles.rule}>{REPEAT_CONVERSION_RULE}</p>
      </div>
      {showFilters && (
        <ListingFiltersBar
          text={text}
          onText={setText}
          filters={filters}
          onFilters={changeFilters}
        />
      )}
      {body}
    </section>
  )
}
