import { api } from '../../../lib/api.ts'

/** POST /auth/resend-verification: a new verification link, the same answer for anyone. */
export function resendVerification(email: string) {
  return api.call('resendVerification', { body: { email } })
}
