import { describe, expect, test } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import {
  FORM_FIELD_KEYS,
  type FormProfileLanguage,
  type MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'
import {
  fieldLabelTexts,
  fieldName,
  labelsForPage,
  neverPressTexts,
  optionTexts,
} from './labels.ts'

/** Every text of a language: field labels, option texts, forbidden buttons. */
function allTexts(language: FormProfileLanguage): string[] {
  const options = Object.values(language.options).flatMap(
    (byValue: Record<string, readonly string[]>) => Object.values(byValue).flat(),
  )
  return [...Object.values(language.fields).flat(), ...options, ...language.never_press]
}

/** The filler's own source files (not tests, not test support, not the panel's names). */
const sources = import.meta.glob<string>(
  ['./**/*.ts', '!./**/*.test.ts', '!./testing/**', '!./labels.ts'],
  { query: '?raw', import: 'default', eager: true },
)

/** Code without its comments: a comment may quote a label; code must not. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')
}

function quoted(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(['"\`])${escaped}\\1`)
}

/** The built-in English texts, and a French page's that say "Chambres" for bedrooms. */
function bilingual(): MarketplaceFormProfile {
  const en = BUILT_IN_FORM_PROFILE.languages.en
  if (en === undefined) throw new Error('the built-in profile has no English')
  const fr: FormProfileLanguage = {
    ...en,
    fields: { ...en.fields, bedrooms: ['Nombre de chambres', 'Chambres'] },
    never_press: ['Suivant', 'Publier'],
  }
  return { version: 'two-languages', languages: { en, fr } }
}

function page(lang: string): Document {
  const doc = document.implementation.createHTMLDocument('')
  doc.documentElement.lang = lang
  return doc
}

describe('the form profile as the filler reads it', () => {
  const texts = [
    ...new Set(Object.values(BUILT_IN_FORM_PROFILE.languages).flatMap(allTexts)),
    ...FORM_FIELD_KEYS.map(fieldName),
  ]

  test('no label text is written in the filler’s code: they come from the profile', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(10)
    const found: string[] = []
    for (const [path, source] of Object.entries(sources)) {
      for (const text of texts)
        if (quoted(text).test(code(source))) found.push(`${path}: "${text}"`)
    }
    expect(found).toEqual([])
  })

  test('the check above would see a label text written in code', () => {
    expect(quoted('Price per month').test("findField(doc, ['Price per month'])")).toBe(true)
    expect(quoted('Next').test(code("press(el) // refuses 'Next'"))).toBe(false)
  })

  test('the built-in profile by default; every field has a panel name', () => {
    const [english] = labelsForPage(page('en'))
    expect(english).toBe(BUILT_IN_FORM_PROFILE.languages.en)
    for (const field of FORM_FIELD_KEYS) expect(fieldName(field)).not.toBe('')
  })

  test('the page’s language first, then the profile’s others', () => {
    const profile = bilingual()
    for (const lang of ['fr', 'fr-CA', 'FR-ca']) {
      expect(fieldLabelTexts(labelsForPage(page(lang), profile), 'bedrooms')).toEqual([
        'Nombre de chambres',
        'Chambres',
        'Number of bedrooms',
        'Bedrooms',
      ])
    }
    for (const lang of ['en-US', 'de', '']) {
      expect(fieldLabelTexts(labelsForPage(page(lang), profile), 'bedrooms')).toEqual([
        'Number of bedrooms',
        'Bedrooms',
        'Nombre de chambres',
        'Chambres',
      ])
    }
    expect(neverPressTexts(labelsForPage(page('fr'), profile))).toEqual([
      'Suivant',
      'Publier',
      ...(BUILT_IN_FORM_PROFILE.languages.en?.never_press ?? []),
    ])
  })

  test('a value the profile has no texts for has none, even a name objects carry', () => {
    const languages = labelsForPage(page('en'))
    expect(optionTexts(languages, 'parking', 'Street parking')).toEqual(['Street parking'])
    expect(optionTexts(languages, 'parking', 'constructor' as never)).toEqual([])
  })
})
