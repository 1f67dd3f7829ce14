import type { LeadAddress, SaveLeadBody } from '../../api/schemas/leads.ts'
import type { LeadFields } from './fsbo-lead.ts'

export type MergedFields = Omit<SaveLeadBody, 'source' | 'source_id' | 'listing_url'>

type ScalarField = Exclude<keyof MergedFields, 'address'>
type AddressField = keyof LeadAddress

/** Sources most trusted first: each field (and address part) comes from the first that has it. */
export function mergeLeadFields(sources: readonly LeadFields[]): MergedFields {
  const pick = <K extends ScalarField>(key: K): MergedFields[K] => {
    for (const source of sources) {
      const value = source[key] as MergedFields[K] | undefined
      if (value !== undefined && value !== null) return value
    }
    return null
  }
  const pickAddress = (key: AddressField): string | null => {
    for (const source of sources) {
      const value = source.address?.[key]
      if (value !== undefined && value !== null) return value
    }
    return null
  }
  return {
    owner_name: pick('owner_name'),
    phone: pick('phone'),
    email: pick('email'),
    price: pick('price'),
    beds: pick('beds'),
    baths: pick('baths'),
    living_area_sqft: pick('living_area_sqft'),
    days_on_market: pick('days_on_market'),
    photo_url: pick('photo_url'),
    address: {
      street: pickAddress('street'),
      city: pickAddress('city'),
      state: pickAddress('state'),
      zip: pickAddress('zip'),
    },
  }
}

/** Enough to call it a lead: an address, a price or a way to reach the owner. */
export function hasLeadData(fields: MergedFields): boolean {
  return (
    fields.address.street !== null ||
    fields.price !== null ||
    fields.phone !== null ||
    fields.email !== null
  )
}
