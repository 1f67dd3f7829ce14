/**
 * Numbers as pages print them: "$1,250,000", "1,234 sqft", "$2,500/mo", "$1.25M", "2.5 baths".
 * The first number in the text counts; `null` when there is none.
 */
export function parseLooseNumber(text: string): number | null {
  const match = /(\d[\d,]*(?:\.\d+)?|\.\d+)(?:\s*([kKmM])(?![A-Za-z]))?/.exec(text)
  if (!match?.[1]) return null
  const value = Number(match[1].replace(/,/g, ''))
  if (!Number.isFinite(value)) return null
  const suffix = match[2]?.toLowerCase()
  if (suffix === 'k') return value * 1_000
  if (suffix === 'm') return value * 1_000_000
  return value
}

const SQFT_PER_ACRE = 43_560
const SQFT_PER_SQUARE_METRE = 10.763_910_4

/**
 * An area in whole square feet. `unit` as pages and schema.org write it: "Square Feet", "sqft",
 * "FTK" (feet), "Acres", "MTK"/"sqm"/"m²" (metres); no unit means square feet.
 */
export function areaToSquareFeet(value: number, unit?: string | null): number | null {
  if (!Number.isFinite(value) || value <= 0) return null
  const u = (unit ?? '').toLowerCase().replace(/[\s.]/g, '')
  let sqft = value
  if (/acre|^ac$/.test(u)) sqft = value * SQFT_PER_ACRE
  else if (/^mtk$|metre|meter|sqm|m²|m2|^m$/.test(u)) sqft = value * SQFT_PER_SQUARE_METRE
  const rounded = Math.round(sqft)
  return rounded > 0 ? rounded : null
}

/** "3,746 sqft", "0.25 Acres", "1,133" → square feet. */
export function parseAreaText(text: string): number | null {
  const value = parseLooseNumber(text)
  if (value === null) return null
  const unit = /acre|sq\.?\s*m\b|square\s*met|m²/i.exec(text)?.[0]
  return areaToSquareFeet(value, unit)
}
