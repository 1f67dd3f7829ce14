import type { SaveLeadBody } from '../../api/schemas/leads.ts'

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})
const count = new Intl.NumberFormat('en-US')

export function formatLeadPrice(lead: SaveLeadBody): string {
  return lead.price === null ? 'Price not listed' : dollars.format(lead.price)
}

/** "3 bd · 2 ba · 1,640 sqft", leaving out what the page did not say. */
export function formatLeadFacts(lead: SaveLeadBody): string {
  const parts: string[] = []
  if (lead.beds !== null) parts.push(`${count.format(lead.beds)} bd`)
  if (lead.baths !== null) parts.push(`${count.format(lead.baths)} ba`)
  if (lead.living_area_sqft !== null) parts.push(`${count.format(lead.living_area_sqft)} sqft`)
  return parts.join(' · ')
}

/** "Miami, FL 33145", from the parts the page gave. */
export function formatLeadCityLine(lead: SaveLeadBody): string {
  const { city, state, zip } = lead.address
  const stateZip = [state, zip].filter(Boolean).join(' ')
  return [city, stateZip].filter(Boolean).join(', ')
}
