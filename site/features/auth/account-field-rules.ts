import type { CountryCode } from 'libphonenumber-js'
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  messages,
} from '../../../api/validation-rules.ts'
import { toE164 } from './phone.ts'

/**
 * Sign-up's rules for a person's name, phone and new password, for every form that asks for them
 * again (reset password, the dashboard's Settings): the same messages as the server's.
 */

export function checkName(value: string): true | string {
  const name = value.trim()
  if (name === '') return messages.nameRequired
  if (name.length > NAME_MAX_LENGTH) {
    return `Name must be at most ${NAME_MAX_LENGTH} characters long`
  }
  return true
}

/** A number valid for the chosen country (it is sent in E.164). */
export function checkPhone(country: CountryCode, value: string): true | string {
  if (value.trim() === '') return messages.phoneRequired
  return toE164(country, value) !== null || messages.invalidPhone
}

/** react-hook-form rules of a new password: only the length is enforced. */
export const newPasswordRules = {
  required: messages.passwordRequired,
  minLength: { value: PASSWORD_MIN_LENGTH, message: messages.passwordTooShort },
  maxLength: { value: PASSWORD_MAX_LENGTH, message: messages.passwordTooLong },
} as const
