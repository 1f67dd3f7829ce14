import { z } from 'zod'
import type { ApiClient } from '../../api/client/api-client.ts'
import { ApiError } from '../../api/client/api-error.ts'
import { routes } from '../../api/routes.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { marketplaceDraft } from '../../api/schemas/marketplace-draft.ts'

/** `data` of POST /listings/convert. */
export const convertedListing = z.object({ listing_id: z.string(), draft: marketplaceDraft })
export type ConvertedListing = z.infer<typeof convertedListing>

type LooseCall = (name: string, input: { body: unknown }) => Promise<unknown>

/**
 * The one call of the planned route `convertListing`: POST /listings/convert, auth access, body
 * the normalized listing, data `{ listing_id, draft }`, 402 without access. Metered on the server.
 *
 * TODO(lead): once api/routes.ts has `convertListing`, the body of this function becomes
 *   `return client.call('convertListing', { body: listing })`
 * and LooseCall, the guard and the parse go.
 */
export async function convertListing(
  client: ApiClient,
  listing: NormalizedListing,
): Promise<ConvertedListing> {
  if (!('convertListing' in routes)) {
    throw new ApiError({
      kind: 'http',
      status: 501,
      message: 'This server cannot convert listings yet.',
    })
  }
  const loose = client as unknown as { call: LooseCall }
  return convertedListing.parse(await loose.call('convertListing', { body: listing }))
}
