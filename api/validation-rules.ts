/** Rules shared by every form and by the server, so a message never disagrees with the server. */

/** E-mail: a standard address, any case, a top-level domain of two or more letters. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}$/i
export const EMAIL_MAX_LENGTH = 254

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/

export const NAME_MAX_LENGTH = 120

export const messages = {
  invalidEmail: 'Invalid email address',
  emailRequired: 'Email is required',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Invalid phone number',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const
