/**
 * The one place the Marketplace content script meets the filler (src/marketplace/, its own
 * engineer's): `fill({ draft, photos })` fills Facebook's form and reports what it did.
 *
 * TODO(filler): until src/marketplace exports its fill function, this stands in for it and
 * fills nothing; switch the body to it (and map its report to FillSummary) when it lands.
 */
import type { MarketplaceDraft } from '../../api/schemas/marketplace-draft.ts'
import type { FillSummary } from '../messages.ts'

export interface FillInput {
  draft: MarketplaceDraft
  photos: File[]
}

export function fill(_input: FillInput): Promise<FillSummary> {
  return Promise.resolve({
    filled: [],
    needsUser: ['All fields: the form filler is not built in yet'],
  })
}
