import type { ConvertedListingSummary } from '../../../../api/schemas/listings.ts'
import { ExternalLinkIcon } from '../../../components/icons.tsx'
import { formatDateTime, formatTimeAgo } from '../format.ts'
import { FillAgainAction } from './fill-again-action.tsx'
import { LISTING_TYPE_LABELS } from './listing-filters.ts'
import {
  formatListingFacts,
  formatListingPrice,
  MISSING,
  permissionText,
  sourceName,
} from './listing-format.ts'
import { ListingPhoto } from './listing-photo.tsx'
import styles from './listings.module.css'

const COLUMNS = ['Listing', 'Source', 'Converted', 'Whose listing', 'Actions'] as const

interface ListingTableProps {
  listings: readonly ConvertedListingSummary[]
  /** Fill again opened a draft of this listing: it was converted again just now. */
  onFilledAgain: (listingId: string) => void
}

/**
 * The converted listings of one page. Below 768 px each row is a card (photo and address on top,
 * the other cells labelled with their column name), as the leads and transactions tables do.
 */
export function ListingTable({ listings, onFilledAgain }: ListingTableProps) {
  const now = new Date()
  return (
    <table className={styles.table}>
      <caption className="sr-only">Your converted listings</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c === 'Actions' ? <span className="sr-only">{c}</span> : c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {listings.map((listing) => {
          const whose = permissionText(listing.permission)
          return (
            <tr key={listing._id} data-listing={listing._id}>
              <td className={styles.listingCell}>
                <ListingPhoto url={listing.photo_url} />
                <span className={styles.summary}>
                  <span className={styles.address}>{listing.address}</span>
                  <span className={styles.priceLine}>
                    <span className={styles.price}>
                      {formatListingPrice(listing.price, listing.listing_type)}
                    </span>
                    <span className={styles.typeTag} data-type={listing.listing_type}>
                      {LISTING_TYPE_LABELS[listing.listing_type]}
                    </span>
                  </span>
                  <span className={styles.facts}>
                    {formatListingFacts(
                      listing.bedrooms,
                      listing.bathrooms,
                      listing.living_area_sqft,
                    )}
                  </span>
                </span>
              </td>
              <td data-label="Source">
                <a
                  href={listing.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.sourceLink}
                >
                  {sourceName(listing.source)}
                  <ExternalLinkIcon size={14} />
                  <span className="sr-only"> page of {listing.address} (opens in a new tab)</span>
                </a>
              </td>
              <td data-label="Converted">
                <time dateTime={listing.converted_at} title={formatDateTime(listing.converted_at)}>
                  {formatTimeAgo(listing.converted_at, now)}
                </time>
              </td>
              <td data-label="Whose listing" className={styles.whose}>
                {whose ?? <span className={styles.none}>{MISSING}</span>}
              </td>
              <td className={styles.actions}>
                <FillAgainAction
                  listingId={listing._id}
                  address={listing.address}
                  onOpened={() => {
                    onFilledAgain(listing._id)
                  }}
                />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
