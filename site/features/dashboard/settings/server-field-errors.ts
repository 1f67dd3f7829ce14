import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldErrors } from '../../auth/error-message.ts'

/**
 * Shows the API's per-field messages (`errors.fields`, keyed as the API names its fields, e.g.
 * `agent_profile.brokerage`) on the form's inputs; `inputs` maps the API's names to the form's.
 * Answers whether any was shown.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: Partial<Record<string, Path<T>>>,
): boolean {
  let shown = false
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const input = inputs[field]
    if (!input) continue
    setError(input, { type: 'server', message }, { shouldFocus: !shown })
    shown = true
  }
  return shown
}
