import type { ApiClient } from '../../api/client/api-client.ts'
import type { ConvertListingBody, ConvertListingData } from '../../api/schemas/listings.ts'

/**
 * The metered call: 402 without access, 422 for a listing Marketplace can't take or a
 * permission the server does not accept (e.g. "own listing" when the profile changed meanwhile).
 */
export function convertListing(
  client: ApiClient,
  body: ConvertListingBody,
): Promise<ConvertListingData> {
  return client.call('convertListing', { body })
}

/** A fresh draft of a listing converted before (the site's Fill again): 404 when it is not ours. */
export function fillAgainListing(
  client: ApiClient,
  listingId: string,
): Promise<ConvertListingData> {
  return client.call('fillAgain', { params: { id: listingId } })
}
