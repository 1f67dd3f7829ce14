import { api } from '../../../lib/api.ts'

/** POST /auth/resend-verification (DESIGN §3): a new verification link, same answer for anyone. */
export function resendVerification(email: string) {
  return api.call('resendVerification', { body: { email } })
}
