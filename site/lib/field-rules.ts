import {
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  messages,
} from '../../api/validation-rules.ts'

/**
 * The rules of the fields several forms ask for (sign-up's name, e-mail, phone and new password,
 * asked again by reset password, the dashboard's Settings and the contact form), with the same
 * messages as the server's (docs/product.md#validation). The phone's rule is beside the phone
 * helpers (phone-number.ts): it needs libphonenumber, which pages without a phone field (sign-in,
 * forgot password) must not download.
 */

export function checkName(value: string): true | string {
  const name = value.trim()
  if (name === '') return messages.nameRequired
  if (name.length > NAME_MAX_LENGTH) {
    return `Name must be at most ${NAME_MAX_LENGTH} characters long`
  }
  return true
}

export function checkEmail(value: string): true | string {
  const email = value.trim()
  if (email === '') return messages.emailRequired
  return EMAIL_PATTERN.test(email) || messages.invalidEmail
}

/** react-hook-form rules of a new password: only the length is enforced. */
export const newPasswordRules = {
  required: messages.passwordRequired,
  minLength: { value: PASSWORD_MIN_LENGTH, message: messages.passwordTooShort },
  maxLength: { value: PASSWORD_MAX_LENGTH, message: messages.passwordTooLong },
} as const
