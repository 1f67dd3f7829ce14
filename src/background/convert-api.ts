import type { ApiClient } from '../../api/client/api-client.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { ConvertListingData } from '../../api/schemas/listings.ts'

/** `data` of POST /listings/convert: the stored conversion and its Marketplace draft. */
export type ConvertedListing = ConvertListingData

/** The one metered call (DESIGN §3): 402 without access, 422 for a listing Marketplace can't take. */
export function convertListing(
  client: ApiClient,
  listing: NormalizedListing,
): Promise<ConvertedListing> {
  return client.call('convertListing', { body: listing })
}
