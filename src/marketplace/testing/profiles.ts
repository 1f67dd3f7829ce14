import { BUILT_IN_FORM_PROFILE } from '../../../api/marketplace-form-profile.ts'
import type {
  FormFieldKey,
  MarketplaceFormProfile,
} from '../../../api/schemas/marketplace-form-profile.ts'

/**
 * A new version of the built-in profile whose newest English label of each field given is the
 * label given (the server's fix after Facebook renamed them).
 */
export function withFieldLabels(
  labels: Partial<Record<FormFieldKey, string>>,
  version = 'server-2',
): MarketplaceFormProfile {
  const en = BUILT_IN_FORM_PROFILE.languages.en
  if (en === undefined) throw new Error('The built-in profile has no English')
  const fields = { ...en.fields }
  for (const [field, label] of Object.entries(labels) as [FormFieldKey, string][]) {
    fields[field] = [label, ...en.fields[field]]
  }
  return { version, languages: { en: { ...en, fields } } }
}
