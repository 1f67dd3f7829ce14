import { describe, expect, it } from 'vitest'
import { listing } from '../testing/fixtures.ts'
import { permissionLabel } from './listing-permission.tsx'

describe('permissionLabel', () => {
  it('names the brokerage in the possessive, and the listing broker when the page names none', () => {
    const named = (name: string | null) =>
      permissionLabel({ ...listing, broker: name === null ? null : { name } })
    expect(named('Evergreen Realty')).toBe(
      "I have Evergreen Realty's permission to advertise this listing",
    )
    expect(named('KW Advisors')).toBe("I have KW Advisors' permission to advertise this listing")
    expect(named(null)).toBe("I have the listing broker's permission to advertise this listing")
  })
})
