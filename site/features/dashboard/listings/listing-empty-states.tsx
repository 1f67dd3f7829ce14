import { Link } from 'wouter'
import { brand } from '../../../../api/brand.ts'
import { listingSourceNames } from '../../../../api/listing-sources.ts'
import { ExtensionLink } from '../../account/extension-link.tsx'
import styles from './listings.module.css'

export const NO_LISTINGS_TITLE = 'No listings yet'
export const NO_MATCH_TITLE = 'No listings match'

/** A new agent: how a listing gets here, step by step (the popup converts only with a profile). */
export function NoListingsYet() {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>{NO_LISTINGS_TITLE}</p>
      <p className={styles.emptyText}>
        Every listing you turn into a Marketplace draft shows up here, ready to fill again.
      </p>
      <ol className={styles.steps}>
        <li>Install the {brand.name} extension in Chrome and sign in with this account.</li>
        <li>
          Add your{' '}
          <Link href="/dashboard/settings" className={styles.inlineLink}>
            agent profile
          </Link>{' '}
          in Settings: your name and brokerage as listings show them. The extension needs it to tell
          your own listings from others&apos;.
        </li>
        <li>Open a listing on {listingSourceNames()}.</li>
        <li>
          Click <strong>Convert</strong> in the extension.
        </li>
      </ol>
      <ExtensionLink>Get the Chrome extension</ExtensionLink>
    </div>
  )
}

/** Listings exist, but none fits the search and filters. */
export function NoListingsMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.emptyTitle}>{NO_MATCH_TITLE}</p>
      <p className={styles.emptyText}>Try other words, or another source or type.</p>
      <button type="button" className="button button-secondary" onClick={onClear}>
        Clear search and filters
      </button>
    </div>
  )
}
