import styles from './leads.module.css'

export const NO_LEADS_TITLE = 'No leads yet'
export const NO_MATCH_TITLE = 'No leads match'

/** No leads at all: how they arrive. */
export function NoLeadsYet() {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>{NO_LEADS_TITLE}</p>
      <p className={styles.emptyText}>
        Leads are owners selling their home without an agent. Open a for-sale-by-owner listing on
        Zillow, FSBO.com or ForSaleByOwner.com and click <strong>Save lead</strong> in the
        ListingBridge extension, or click <strong>Scan this page</strong> on their search results to
        save every owner listed there. Saved leads show up here.
      </p>
    </div>
  )
}

/** Leads exist, but none fits the search and filters. */
export function NoLeadsMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>{NO_MATCH_TITLE}</p>
      <p className={styles.emptyText}>Try other words, or another status or source.</p>
      <button type="button" className="button button-secondary" onClick={onClear}>
        Clear search and filters
      </button>
    </div>
  )
}
