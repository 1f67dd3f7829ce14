import type { ListingHints } from '../../listing/listing-hints.ts'
import { parseAreaText, parseLooseNumber } from '../../listing/parse-number.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'

/**
 * Zillow's one-sentence summaries in `og:description` / `<meta name="description">`:
 *
 * - listed: "Zillow has 21 photos of this $850,000 2 beds, 1 bath, 900 Square Feet single family
 *   home located at 661 Lakeview Ave, San Francisco, CA 94112 built in 1921. MLS #ML81929841."
 * - rentals the same with "$2,450/mo".
 * - off market / sold: "2435 Aspen Rd UNIT 104, Ames, IA 50010 is a condo home that contains
 *   1,133 sq ft and was built in 2004. It contains 2 bedrooms and 2 bathrooms. This home last sold
 *   for $195,000 in June 2024."
 *
 * Each fact is read on its own, so a sentence that changes shape loses only what changed.
 */

const ONE_LINE_ADDRESS = /(.+?),\s*([^,]+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)/

/** "661 Lakeview Ave, San Francisco, CA 94112" → its parts. */
export function parseOneLineAddress(
  text: string,
): Pick<ListingHints, 'street' | 'city' | 'state' | 'zip'> | undefined {
  const match = new RegExp(`^\\s*${ONE_LINE_ADDRESS.source}\\s*$`).exec(text)
  if (!match) return undefined
  return { street: match[1], city: match[2], state: match[3], zip: match[4] }
}

function number(pattern: RegExp, text: string): number | undefined {
  const found = pattern.exec(text)?.[1]
  return found === undefined ? undefined : (parseLooseNumber(found) ?? undefined)
}

export function parseZillowSummary(text: string): ListingHints {
  const hints: ListingHints = {}

  const sold = number(/\bsold for \$\s?([\d,]+(?:\.\d+)?[KkMm]?)/i, text)
  const rent = number(/\$\s?([\d,]+(?:\.\d+)?)\s*(?:\/\s*mo\b|per month|a month)/i, text)
  const asking = number(/photos of this \$\s?([\d,]+(?:\.\d+)?[KkMm]?)/i, text)
  if (sold !== undefined) {
    hints.price = sold
    hints.status = 'sold'
  } else if (rent !== undefined) {
    hints.price = rent
    hints.status = 'for_rent'
  } else if (asking !== undefined) {
    hints.price = asking
    hints.status = 'for_sale'
  }

  hints.bedrooms = number(/(\d+)\s*(?:beds?|bedrooms?|bd)\b/i, text)
  hints.bathrooms = number(/(\d+(?:\.\d+)?)\s*(?:baths?|bathrooms?|ba)\b/i, text)
  const area = /([\d,]+(?:\.\d+)?\s*(?:square\s*feet|sq\.?\s*ft\.?|sqft))/i.exec(text)?.[1]
  if (area !== undefined) hints.livingAreaSqft = parseAreaText(area) ?? undefined
  hints.yearBuilt = number(/\bbuilt in (\d{4})\b/i, text)

  // The words just before "home located at" / "home that contains" name the type.
  const typeWords =
    /([A-Za-z][A-Za-z -]*?)\s+(?:home|property)\s+(?:located at|that contains)/i.exec(text)?.[1]
  hints.homeType = homeTypeFromText(typeWords)

  const located = new RegExp(`located at ${ONE_LINE_ADDRESS.source}`).exec(text)
  const leading = new RegExp(`^\\s*${ONE_LINE_ADDRESS.source} is an? `).exec(text)
  const address = located ?? leading
  if (address) {
    hints.street = address[1]
    hints.city = address[2]
    hints.state = address[3]
    hints.zip = address[4]
  }
  return hints
}
