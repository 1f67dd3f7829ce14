import { describe, expect, it } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../marketplace-form-profile.ts'
import { marketplaceFormProfile } from './marketplace-form-profile.ts'

function builtIn() {
  const profile = structuredClone(BUILT_IN_FORM_PROFILE)
  const en = profile.languages.en
  if (!en) throw new Error('the built-in profile has English')
  return { profile, en }
}

describe('marketplaceFormProfile', () => {
  it('accepts the built-in profile as it is', () => {
    expect(marketplaceFormProfile.parse(BUILT_IN_FORM_PROFILE)).toEqual(BUILT_IN_FORM_PROFILE)
  })

  it('refuses unknown keys, at the top and inside a language', () => {
    const { profile, en } = builtIn()
    expect(marketplaceFormProfile.safeParse({ ...profile, extra: 1 }).success).toBe(false)
    const fields = { ...en.fields, pool: ['Pool'] }
    const unknownField = { ...profile, languages: { en: { ...en, fields } } }
    expect(marketplaceFormProfile.safeParse(unknownField).success).toBe(false)
  })

  it('refuses a profile without English', () => {
    const { profile, en } = builtIn()
    const result = marketplaceFormProfile.safeParse({ ...profile, languages: { es: en } })
    expect(result.error?.issues.map((i) => i.message)).toContain(
      'The profile must have English (en)',
    )
  })

  it('refuses an empty label list', () => {
    const { profile, en } = builtIn()
    en.fields.price = []
    const result = marketplaceFormProfile.safeParse(profile)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['languages.en.fields.price'])
  })
})
