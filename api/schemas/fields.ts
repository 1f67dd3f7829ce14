import { z } from 'zod'
import {
  E164_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  messages,
} from '../validation-rules.ts'

/** Field schemas reused by several calls; one place for each rule. */
export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.invalidEmail)
  .regex(EMAIL_PATTERN, messages.invalidEmail)

export const newPasswordField = z
  .string({ error: messages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)

/** Login accepts any non-empty password up to the maximum; the length rule is for new ones. */
export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)

export const nameField = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters long`)

export const phoneField = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .regex(E164_PATTERN, messages.invalidPhone)

/** Opaque tokens from e-mails and the server: URL-safe base64 of 32 bytes. */
export const opaqueTokenField = z
  .string({ error: 'Token is required' })
  .min(1, 'Token is required')
  .max(200, 'Invalid token')

/** UTC ISO-8601 timestamp. */
export const timestampField = z.iso.datetime()
