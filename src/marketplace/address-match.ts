import type { MarketplaceAddress } from '../../api/schemas/marketplace-draft.ts'
import { US_STATE_NAMES } from './us-states.ts'

/** Spelled-out and abbreviated forms read alike: "Avenue" is "ave", "North" is "n". */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  terrace: 'ter',
  circle: 'cir',
  square: 'sq',
  trail: 'trl',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  apartment: 'apt',
  suite: 'ste',
  '#': 'unit',
}
const STREET_WORDS = new Set([
  ...new Set(Object.values(SHORT_FORMS)),
  'way',
  'loop',
  'row',
  'walk',
  'unit',
])
const UNIT_MARKERS = new Set(['apt', 'unit', 'ste', 'fl', 'floor', 'bldg'])

const STATES_LONGEST_FIRST = Object.entries(US_STATE_NAMES).sort(
  ([, a], [, b]) => b.length - a.length,
)

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Lower-case words with state names as codes and street words in their short form. */
export function addressTokens(text: string): string[] {
  let lower = ` ${text.normalize('NFKC').toLowerCase()} `
  for (const [code, name] of STATES_LONGEST_FIRST) {
    const pattern = new RegExp(`(^|[^a-z])${escapeRegExp(name.toLowerCase())}(?=$|[^a-z])`, 'g')
    lower = lower.replace(pattern, `$1${code.toLowerCase()}`)
  }
  return lower
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => SHORT_FORMS[word] ?? word)
}

interface AddressParts {
  number: string | null
  nameWords: string[]
  city: string[]
  state: string
  zip: string | null
  all: Set<string>
}

function partsOf(address: MarketplaceAddress): AddressParts {
  const street = addressTokens(address.street)
  const unitAt = street.findIndex((word) => UNIT_MARKERS.has(word))
  const main = unitAt === -1 ? street : street.slice(0, unitAt)
  const number = main[0] !== undefined && /^\d+[a-z]?$/.test(main[0]) ? main[0] : null
  const nameWords = (number === null ? main : main.slice(1)).filter((w) => !STREET_WORDS.has(w))
  const city = addressTokens(address.city)
  const state = address.state.toLowerCase()
  const zip = address.zip === null ? null : address.zip.slice(0, 5)
  const all = new Set([...main, ...city, state, ...(zip === null ? [] : [zip])])
  return { number, nameWords, city, state, zip, all }
}

/**
 * How well a suggestion names the address, or null when it names another place: it must carry
 * the house number, a word of the street's name, the whole city, and the state or the ZIP code.
 * Among those, the one sharing the most words with the address and adding the fewest wins.
 */
export function suggestionScore(address: MarketplaceAddress, suggestion: string): number | null {
  const parts = partsOf(address)
  const words = new Set(addressTokens(suggestion))
  if (parts.number !== null && !words.has(parts.number)) return null
  if (parts.nameWords.length > 0 && !parts.nameWords.some((w) => words.has(w))) return null
  if (!parts.city.every((w) => words.has(w))) return null
  if (!words.has(parts.state) && (parts.zip === null || !words.has(parts.zip))) return null
  let shared = 0
  let extra = 0
  for (const word of words) {
    if (parts.all.has(word)) shared += 1
    else extra += 1
  }
  return shared - extra / 100
}

/** The index of the best suggestion for the address, or null when none names it. */
export function bestSuggestion(
  address: MarketplaceAddress,
  suggestions: readonly string[],
): number | null {
  let bestIndex: number | null = null
  let bestScore = -Infinity
  for (const [index, suggestion] of suggestions.entries()) {
    const score = suggestionScore(address, suggestion)
    if (score !== null && score > bestScore) {
      bestIndex = index
      bestScore = score
    }
  }
  return bestIndex
}
