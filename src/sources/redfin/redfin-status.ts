import type { ListingStatus } from '../../../api/schemas/listing.ts'
import { statusFromText } from '../../listing/listing-status.ts'

/**
 * A status as Redfin prints it ("Active", "Coming Soon", "Contingent", "Pending", "Sold", "Off
 * Market", "For Sale", "For Rent"). "Active Under Contract" is under contract first: the shared
 * mapping would read its "Active" as for sale.
 */
export function statusFromRedfinText(text: string): ListingStatus | undefined {
  if (/\bunder contract\b|\bcontingent\b|\bpending\b/i.test(text)) return 'pending'
  return statusFromText(text)
}
