import { describe, expect, it } from 'vitest'
import { initialsOf, knownUserName, userLabel } from './user-identity.ts'

describe('avatar initials (SPEC §2)', () => {
  it('one word gives its first letter, uppercased', () => {
    expect(initialsOf('ann')).toBe('A')
    expect(initialsOf('  Zoë  ')).toBe('Z')
  })

  it('several words give the first letters of the first and the last word', () => {
    expect(initialsOf('ann agent')).toBe('AA')
    expect(initialsOf('Mary Ann  van der Berg')).toBe('MB')
    expect(initialsOf('josé   maría')).toBe('JM')
  })

  it('an empty name gives no initials (the generic icon is shown)', () => {
    expect(initialsOf('')).toBeNull()
    expect(initialsOf('   ')).toBeNull()
  })
})

describe('user menu name (SPEC §2)', () => {
  it('prefers the interface state, then the stored username, else "User"', () => {
    expect(knownUserName('Ann Agent', 'ann')).toBe('Ann Agent')
    expect(knownUserName('', 'ann')).toBe('ann')
    expect(knownUserName('  ', null)).toBe('')
    expect(userLabel(knownUserName('', null))).toBe('User')
    expect(userLabel('ann')).toBe('ann')
  })
})
