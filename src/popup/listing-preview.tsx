import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { MARKETPLACE_LIMITS } from '../../api/schemas/marketplace-draft.ts'
import {
  formatCityLine,
  formatFacts,
  formatPhotoCount,
  formatPrice,
  sourceName,
  statusWarning,
} from './format.ts'

/** What the agent is about to convert: photo, address, price, beds/baths, photo count. */
export function ListingPreview({
  listing,
  shortPhoto = false,
}: {
  listing: NormalizedListing
  /** A lower photo, when more goes below the preview (Convert and its question, a lead). */
  shortPhoto?: boolean
}) {
  const photoClass = shortPhoto ? 'preview-photo preview-photo-short' : 'preview-photo'
  const photo = listing.photos[0]
  const facts = formatFacts(listing)
  const warning = statusWarning(listing)
  return (
    <article className="preview" aria-label="Listing preview">
      {photo ? (
        <img className={photoClass} src={photo} alt={`Photo of ${listing.address.street}`} />
      ) : (
        <div className={`${photoClass} preview-photo-empty`}>No photo</div>
      )}
      <div className="preview-body">
        <p className="preview-price">{formatPrice(listing)}</p>
        <h1 className="preview-address">
          <span>{listing.address.street}</span>
          <span className="muted">{formatCityLine(listing)}</span>
        </h1>
        {facts && <p className="preview-facts">{facts}</p>}
        <p className="muted small">
          {formatPhotoCount(listing.photos.length, MARKETPLACE_LIMITS.maxPhotos)}
        </p>
        <p className="muted small preview-source">From {sourceName(listing)}</p>
        {warning && <p className="notice notice-warning small">{warning}</p>}
      </div>
    </article>
  )
}
