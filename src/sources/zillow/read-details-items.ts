import { arrayAt, stringsAt } from '../../listing/json-value.ts'
import type { ListingHints } from '../../listing/listing-hints.ts'
import { parseAreaText, parseLooseNumber } from '../../listing/parse-number.ts'
import { homeTypeFromText } from '../../listing/home-type.ts'
import { statusFromText } from '../../listing/listing-status.ts'

/**
 * 2018 GraphQL pages carry facts only as display strings grouped under titles
 * (`detailsItems: [{title: "Facts", facts: ["Lot: 2,888 sqft", "Heating: Forced air", …]}]`).
 * Reads what those strings say plainly; anything ambiguous is left out ("Main Level: … 2 Bedrooms"
 * counts one level, not the home). Strings holding markup (links) are skipped, never parsed as HTML.
 */

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

export function hintsFromDetailsItems(property: unknown): ListingHints {
  const hints: ListingHints = {}
  const heating: string[] = []
  const cooling: string[] = []
  const parking: string[] = []
  const laundry: string[] = []

  for (const group of arrayAt(property, 'detailsItems') ?? []) {
    for (const fact of stringsAt(group, 'facts')) {
      if (fact.includes('<')) continue
      const colon = fact.indexOf(':')
      if (colon < 0) {
        if (/^built in \d{4}$/i.test(fact)) hints.yearBuilt ??= parseLooseNumber(fact) ?? undefined
        else hints.homeType ??= homeTypeFromText(fact)
        continue
      }
      const label = fact.slice(0, colon).trim().toLowerCase()
      const value = fact.slice(colon + 1).trim()
      if (value === '') continue
      switch (label) {
        case 'heating':
          heating.push(...splitList(value))
          break
        case 'cooling':
          cooling.push(...splitList(value))
          break
        case 'parking':
          parking.push(...splitList(value))
          break
        case 'laundry':
          laundry.push(value)
          break
        case 'lot':
          hints.lotSizeSqft ??= parseAreaText(value) ?? undefined
          break
        case 'floor size':
          hints.livingAreaSqft ??= parseAreaText(value) ?? undefined
          break
        case 'status':
          hints.status ??= statusFromText(value)
          break
        case 'zillow home id':
          if (/^\d+$/.test(value)) hints.sourceId ??= value
          break
        case 'property subtype 1':
        case 'type':
          hints.homeType ??= homeTypeFromText(value)
          break
      }
    }
  }
  if (heating.length > 0) hints.heating = heating
  if (cooling.length > 0) hints.cooling = cooling
  if (parking.length > 0) hints.parking = parking
  if (laundry.length > 0) hints.laundry = laundry.join(', ')
  return hints
}
