import { stringAt, valueAt } from '../../listing/json-value.ts'

/**
 * The zpid a property object names: `zpid` (number or string), or in 2018 GraphQL payloads the
 * relay id `id` = base64("Property:<zpid>").
 */
export function zpidOfProperty(property: unknown): string | undefined {
  const zpid = valueAt(property, 'zpid')
  if (typeof zpid === 'number' && Number.isSafeInteger(zpid) && zpid > 0) return String(zpid)
  if (typeof zpid === 'string' && /^\d+$/.test(zpid.trim())) return zpid.trim()
  const id = stringAt(property, 'id')
  if (id !== undefined && /^[A-Za-z0-9+/]+=*$/.test(id)) {
    try {
      const decoded = /^Property:(\d+)$/.exec(atob(id))
      if (decoded?.[1]) return decoded[1]
    } catch {
      // not base64 after all
    }
  }
  return undefined
}
