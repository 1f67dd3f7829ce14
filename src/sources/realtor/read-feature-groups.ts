/**
 * Realtor.com lists a home's MLS facts as groups of "Label: value" lines under a category, in its
 * page data (`details: [{category: "Heating and Cooling", text: ["Heating Features: Central Gas",
 * …]}]`) and in older pages' markup ("Property Features"). The facts Marketplace asks about are read
 * from those lines by their label, whatever the category; lines without a label count only in a
 * category that names the fact ("Laundry", "Garage and Parking").
 */

export interface FeatureGroup {
  category: string
  items: readonly string[]
}

export interface FeatureFacts {
  heating: string[]
  cooling: string[]
  laundry: string[]
  parking: string[]
  /** The text of an availability line ("Date Available: 08/01/2026", "Available: Now"). */
  availability?: string
  /** The MLS's own word for the home's type ("Property Subtype: condo"). */
  propertyType?: string
}

const YES = /^(y|yes|true)$/i
const NO = /^(n|no|none|false|0)$/i

function splitValues(value: string): string[] {
  return value
    .split(/\s*[,;]\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

type Fact = 'heating' | 'cooling' | 'laundry' | 'parking'

function factOfLabel(label: string): Fact | undefined {
  if (/heat/.test(label)) return 'heating'
  if (/cool|air cond|a\/c/.test(label)) return 'cooling'
  if (/laundry|washer|dryer/.test(label)) return 'laundry'
  if (/garage|parking|carport/.test(label)) return 'parking'
  return undefined
}

function factOfCategory(category: string): Fact | 'heating-cooling' | undefined {
  if (/heat/.test(category) && /cool|air/.test(category)) return 'heating-cooling'
  return factOfLabel(category)
}

/** An unlabelled line of "Heating and Cooling" belongs where its words say. */
function heatingOrCooling(text: string): Fact | undefined {
  const t = text.toLowerCase()
  if (/cool|air cond|a\/c|\bac\b|central air/.test(t)) return 'cooling'
  if (/heat|furnace|boiler|radiant|radiator/.test(t)) return 'heating'
  return undefined
}

export function factsFromFeatureGroups(groups: readonly FeatureGroup[]): FeatureFacts {
  const facts: FeatureFacts = { heating: [], cooling: [], laundry: [], parking: [] }
  for (const group of groups) {
    const categoryFact = factOfCategory(group.category.toLowerCase())
    for (const raw of group.items) {
      const item = raw.trim()
      const colon = item.indexOf(':')
      if (colon <= 0) {
        const fact = categoryFact === 'heating-cooling' ? heatingOrCooling(item) : categoryFact
        if (fact !== undefined && item !== '') facts[fact].push(item)
        continue
      }
      const label = item.slice(0, colon).trim()
      const value = item.slice(colon + 1).trim()
      if (value === '') continue
      const lower = label.toLowerCase()

      if (
        /^(date )?available( date| on| from)?$|^availability( date)?$|^move[- ]in( date)?$/.test(
          lower,
        )
      ) {
        facts.availability ??= value
        continue
      }
      if (/^(property sub ?type|source property type|property type)$/.test(lower)) {
        facts.propertyType ??= value
        continue
      }
      const fact = factOfLabel(lower)
      if (fact === undefined || /fireplace/.test(lower)) continue
      if (YES.test(value)) {
        facts[fact].push(label)
      } else if (/^\d+(\.\d+)?$/.test(value)) {
        // A count says something only about parking ("Garage Spaces: 2").
        if (fact === 'parking' && Number(value) > 0) facts.parking.push(`${label}: ${value}`)
      } else if (NO.test(value)) {
        if (value.toLowerCase() === 'none') facts[fact].push('None')
      } else if (fact === 'laundry') {
        facts.laundry.push(value)
      } else {
        facts[fact].push(...splitValues(value))
      }
    }
  }
  return facts
}
