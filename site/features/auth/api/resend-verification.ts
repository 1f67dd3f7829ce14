import { loadApi } from '../../../lib/load-api.ts'

/** POST /auth/resend-verification: a new verification link, the same answer for anyone. */
export async function resendVerification(email: string) {
  const api = await loadApi()
  return api.call('resendVerification', { body: { email } })
}
