import { describe, expect, it } from 'vitest'
import { initialsOf } from './initials.ts'

describe('initials (docs/product.md#avatar-initials)', () => {
  it('one word gives its first letter, uppercased', () => {
    expect(initialsOf('ann')).toBe('A')
    expect(initialsOf('  Zoë  ')).toBe('Z')
  })

  it('several words give the first letters of the first and the last word', () => {
    expect(initialsOf('ann agent')).toBe('AA')
    expect(initialsOf('Mary Ann  van der Berg')).toBe('MB')
    expect(initialsOf('josé   maría')).toBe('JM')
  })

  it('keeps a letter outside the Basic Multilingual Plane whole', () => {
    expect(initialsOf('𝒜da Lovelace')).toBe('𝒜L')
  })

  it('an empty name gives no initials (the generic icon is shown)', () => {
    expect(initialsOf('')).toBeNull()
    expect(initialsOf('   ')).toBeNull()
  })
})
