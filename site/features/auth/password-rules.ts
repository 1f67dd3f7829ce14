import { PASSWORD_MIN_LENGTH } from '../../../api/validation-rules.ts'

/**
 * Reset password's listed rules (docs/product.md#password-reset). Only the length is enforced (with
 * the match of the confirmation); the others are advice, ticked as they are met.
 */
export const passwordRules = [
  {
    id: 'length',
    label: `${PASSWORD_MIN_LENGTH}+ characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'upper', label: 'An upper case letter', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lower', label: 'A lower case letter', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'number', label: 'A number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'A special character', test: (p: string) => /[^\p{L}\d\s]/u.test(p) },
] as const
