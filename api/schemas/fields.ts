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

/** `page` and `page_size` of every paged list: a page at a time, 20 by default, 100 at most. */
export const pageQueryFields = {
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(100, 'page_size must be at most 100')
    .default(20),
}

/** One page of `item`s and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().nonnegative(),
  })
}
