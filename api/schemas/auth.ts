import { z } from 'zod'
import {
  emailField,
  nameField,
  newPasswordField,
  opaqueTokenField,
  passwordField,
  phoneField,
} from './fields.ts'

export const registerBody = z.strictObject({
  name: nameField,
  email: emailField,
  phoneNumber: phoneField,
  password: newPasswordField,
})
export const registerData = z.object({ user_id: z.string(), email: z.string() })

export const loginBody = z.strictObject({ email: emailField, password: passwordField })
export const loginData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  username: z.string().optional(),
  user_id: z.string(),
})
export type LoginData = z.infer<typeof loginData>

export const verifyEmailParams = z.strictObject({ token: opaqueTokenField })
/** The client reads success from `data.status`. */
export const verifyEmailData = z.object({ status: z.literal('success') })

export const resendVerificationBody = z.strictObject({ email: emailField })

export const resetPasswordRequestBody = z.strictObject({
  email: emailField,
  reset_form_url: z.url({ error: 'reset_form_url must be a URL' }).max(2048),
})

export const resetPasswordBody = z.strictObject({
  pass_reset_token: opaqueTokenField,
  new_password: newPasswordField,
})

/**
 * GET /auth/reset-password/:token checks a reset link without using it, so the page can say at
 * once that it is invalid or expired. A link that cannot reset answers 410 whatever the reason
 * (unknown, used, expired), and nothing about the account.
 */
export const checkResetTokenParams = z.strictObject({ token: opaqueTokenField })
export const checkResetTokenData = z.object({ valid: z.literal(true) })

/** Empty body, the refresh token as bearer, `user_id` in the query (docs/product.md#sessions). */
export const refreshTokenQuery = z.strictObject({ user_id: z.string().min(1).max(64) })
export const refreshTokenData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
})

export const logoutBody = z.strictObject({ refresh_token: opaqueTokenField })

export const emptyData = z.object({})
