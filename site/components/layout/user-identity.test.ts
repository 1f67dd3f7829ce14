import { describe, expect, it } from 'vitest'
import { knownUserName, userLabel } from './user-identity.ts'

describe('user menu name (docs/product.md#layout-user-menu)', () => {
  it('prefers the interface state, then the stored username, else "User"', () => {
    expect(knownUserName('Ann Agent', 'ann')).toBe('Ann Agent')
    expect(knownUserName('', 'ann')).toBe('ann')
    expect(knownUserName('  ', null)).toBe('')
    expect(userLabel(knownUserName('', null))).toBe('User')
    expect(userLabel('ann')).toBe('ann')
  })
})
