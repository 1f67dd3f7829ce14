import type { ListingStatus } from '../../api/schemas/listing.ts'

/**
 * A status as pages print it ("Status: Active", "For Rent", "Sold", "Off Market", "Pending", `for_rent`),
 * in any source's words.
 */
export function statusFromText(text: string): ListingStatus | undefined {
  const t = text.toLowerCase().replace(/_/g, ' ')
  if (/\b(active|for sale)\b/.test(t)) return 'for_sale'
  if (/\bfor rent\b/.test(t)) return 'for_rent'
  if (/\b(pending|contingent|under contract)\b/.test(t)) return 'pending'
  if (/\bcoming soon\b/.test(t)) return 'coming_soon'
  if (/\bsold\b/.test(t)) return 'sold'
  if (/\boff[\s-]*market\b/.test(t)) return 'off_market'
  return undefined
}
