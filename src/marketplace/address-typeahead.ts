import type { MarketplaceAddress } from '../../api/schemas/marketplace-draft.ts'
import { bestSuggestion } from './address-match.ts'
import { optionsNow, visibleOptions } from './options-list.ts'
import { press } from './press.ts'
import { setReactValue } from './react-input.ts'
import { waitFor } from './wait-for.ts'

export type AddressResult =
  | { ok: true; chosen: string }
  | { ok: false; problem: 'no-suggestions' | 'no-match'; offered: string[] }

export interface AddressOptions {
  neverPress: readonly string[]
  timeoutMs: number
}

function shownText(option: HTMLElement): string {
  return option.textContent.replace(/\s+/g, ' ').trim()
}

/** Shorter spellings to try when Marketplace suggests nothing for the whole line. */
export function addressQueries(address: MarketplaceAddress): string[] {
  const queries = [
    address.line,
    `${address.street}, ${address.city}, ${address.state}`,
    `${address.street}, ${address.city}`,
  ]
  return [...new Set(queries)]
}

/**
 * Types the address into Marketplace's location typeahead, waits for its suggestions and presses
 * the one that names the address (house number, street, city, state or ZIP). A suggestion for
 * another place is never taken: then the user picks.
 */
export async function fillAddressTypeahead(
  input: HTMLInputElement | HTMLTextAreaElement,
  address: MarketplaceAddress,
  options: AddressOptions,
): Promise<AddressResult> {
  const doc = input.ownerDocument
  const unrelated = optionsNow(doc)
  let offered: string[] = []
  let previous: string[] | null = null
  let sawSuggestions = false
  for (const query of addressQueries(address)) {
    setReactValue(input, query)
    // Suggestions for the query typed before may still show: wait for this query's list.
    const fresh = (list: HTMLElement[]) =>
      previous === null || list.map(shownText).join('\n') !== previous.join('\n')
    const shown =
      (await waitFor(
        doc,
        () => {
          const list = visibleOptions(doc, input, unrelated)
          return list.length > 0 && fresh(list) ? list : null
        },
        { timeoutMs: options.timeoutMs },
      )) ?? visibleOptions(doc, input, unrelated)
    if (shown.length === 0) continue
    sawSuggestions = true
    const texts = shown.map(shownText)
    const index = bestSuggestion(address, texts)
    const option = index === null ? undefined : shown[index]
    if (option !== undefined && index !== null) {
      press(option, options.neverPress)
      return { ok: true, chosen: texts[index] ?? '' }
    }
    offered = texts
    previous = texts
  }
  return { ok: false, problem: sawSuggestions ? 'no-match' : 'no-suggestions', offered }
}
