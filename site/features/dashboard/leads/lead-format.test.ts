import { describe, expect, it } from 'vitest'
import { leadFixture } from './testing/lead-fixtures.ts'
import {
  formatAddress,
  formatBedsBaths,
  formatPhone,
  formatPrice,
  leadCount,
  leadName,
} from './lead-format.ts'

describe('lead formats', () => {
  it('shows a US phone in national form and others in international form', () => {
    expect(formatPhone('+14155550123')).toBe('(415) 555-0123')
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958')
    expect(formatPhone(null)).toBe('—')
    // Not a number libphonenumber knows: shown as stored rather than hidden.
    expect(formatPhone('12')).toBe('12')
  })

  it('joins the address parts a page showed', () => {
    expect(formatAddress({ street: '12 Oak St', city: 'Austin', state: 'TX', zip: '78701' })).toBe(
      '12 Oak St, Austin, TX 78701',
    )
    expect(formatAddress({ street: null, city: 'Miami', state: 'FL', zip: null })).toBe('Miami, FL')
    expect(formatAddress({ street: null, city: null, state: null, zip: null })).toBe('—')
  })

  it('shows whole-dollar prices and beds/baths', () => {
    expect(formatPrice(450000)).toBe('$450,000')
    expect(formatPrice(null)).toBe('—')
    expect(formatBedsBaths(3, 2.5)).toBe('3 bd · 2.5 ba')
    expect(formatBedsBaths(null, 1)).toBe('1 ba')
    expect(formatBedsBaths(null, null)).toBe('—')
  })

  it('names a lead by its owner, else its address', () => {
    expect(leadName(leadFixture({ owner_name: 'Ann Owner' }))).toBe('Ann Owner')
    expect(leadName(leadFixture({ owner_name: null }))).toBe('12 Oak St, Austin, TX 78701')
    expect(leadCount(1)).toBe('1 lead')
    expect(leadCount(2)).toBe('2 leads')
  })
})
