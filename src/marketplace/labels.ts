import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import {
  FORM_FIELD_KEYS,
  FORM_FIELD_NAMES,
  type FormFieldKey,
  type FormProfileLanguage,
  type MarketplaceFormProfile,
} from '../../api/schemas/marketplace-form-profile.ts'

/**
 * The texts of Facebook's "Home for Sale or Rent" form the filler looks for come from a form
 * profile (api/schemas/marketplace-form-profile.ts): data the server serves, so a label Facebook
 * renames is fixed on the server. Facebook removed aria-labels in 2025 and generates its ids and
 * class names, so visible text is the one stable handle. Only the panel's names for the fields
 * are ours (`FORM_FIELD_NAMES`, shared with the dashboard): they are the extension's UI, not
 * texts of Facebook's form.
 *
 * The filler tries the page's language (`<html lang>`) first, then the profile's others, so a
 * half-translated page still works.
 */

/** One language's option texts: choice field → draft value → the texts that mean it. */
export type OptionTexts = FormProfileLanguage['options']
export type ChoiceField = keyof OptionTexts

/**
 * The profile's languages, the page's first (from `<html lang>`, English when unset): the exact
 * code (`fr-CA`), then the same language (`fr`, `fr-FR`), then the rest in the profile's order.
 */
export function labelsForPage(
  doc: Document,
  profile: MarketplaceFormProfile = BUILT_IN_FORM_PROFILE,
): FormProfileLanguage[] {
  const lang = (doc.documentElement.lang || 'en').toLowerCase()
  const base = lang.split('-')[0] ?? lang
  const rank = (code: string) => {
    const lower = code.toLowerCase()
    if (lower === lang) return 0
    return lower.split('-')[0] === base ? 1 : 2
  }
  // Array.prototype.sort is stable: equal ranks keep the profile's order.
  return Object.entries(profile.languages)
    .map(([code, texts]) => ({ rank: rank(code), texts }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ texts }) => texts)
}

/** Every language's label texts for a field, the page's language first. */
export function fieldLabelTexts(
  languages: readonly FormProfileLanguage[],
  field: FormFieldKey,
): string[] {
  return languages.flatMap((texts) => texts.fields[field])
}

/** Every language's option texts for a draft value, the page's language first. */
export function optionTexts<F extends ChoiceField>(
  languages: readonly FormProfileLanguage[],
  field: F,
  value: keyof OptionTexts[F],
): string[] {
  return languages.flatMap((texts) => {
    const byValue = texts.options[field] as Record<keyof OptionTexts[F], string[]>
    // Own keys only: a value like "constructor" must not reach the prototype.
    return Object.hasOwn(byValue, value) ? byValue[value] : []
  })
}

export function neverPressTexts(languages: readonly FormProfileLanguage[]): string[] {
  return languages.flatMap((texts) => texts.never_press)
}

/** Every field of the form, in the panel's order. */
export function allFields(): FormFieldKey[] {
  return [...FORM_FIELD_KEYS]
}

/** The field's name in the panel. */
export function fieldName(field: FormFieldKey): string {
  return FORM_FIELD_NAMES[field]
}
