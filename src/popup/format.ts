import { LISTING_SOURCE_SITES } from '../../api/listing-sources.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})
const count = new Intl.NumberFormat('en-US')

export function formatPrice(listing: NormalizedListing): string {
  if (listing.price === null) return 'Price not listed'
  const price = dollars.format(listing.price)
  return listing.listing_status === 'for_rent' ? `${price}/mo` : price
}

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`
}

/** "3 bd · 2.5 ba · 1,850 sqft", leaving out what the page did not say. */
export function formatFacts(listing: NormalizedListing): string {
  const parts: string[] = []
  if (listing.bedrooms !== null) parts.push(`${count.format(listing.bedrooms)} bd`)
  if (listing.bathrooms !== null) parts.push(`${count.format(listing.bathrooms)} ba`)
  if (listing.living_area_sqft !== null)
    parts.push(`${count.format(listing.living_area_sqft)} sqft`)
  return parts.join(' · ')
}

export function formatCityLine(listing: NormalizedListing): string {
  const { city, state, zip } = listing.address
  return `${city}, ${state}${zip ? ` ${zip}` : ''}`
}

export function formatPhotoCount(photos: number, max: number): string {
  if (photos === 0) return 'No photos'
  const text = plural(photos, 'photo', 'photos')
  return photos > max ? `${text} (the first ${max} go to Marketplace)` : text
}

/** The site the listing came from, as the agent knows it ("Realtor.com"). */
export function sourceName(listing: NormalizedListing): string {
  return LISTING_SOURCE_SITES[listing.source].name
}

/** A word about statuses that Marketplace may advertise, but with care. */
export function statusWarning(listing: NormalizedListing): string | null {
  switch (listing.listing_status) {
    case 'pending':
      return `${sourceName(listing)} shows this sale as pending.`
    case 'coming_soon':
      return `${sourceName(listing)} shows this home as coming soon.`
    default:
      return null
  }
}
