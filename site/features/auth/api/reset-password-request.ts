import { loadApi } from '../../../lib/load-api.ts'

/**
 * POST /auth/reset-password-request (docs/product.md#sign-up-and-session-calls): the link leads to
 * this site's reset form.
 */
export async function resetPasswordRequest(email: string) {
  const api = await loadApi()
  return api.call('resetPasswordRequest', {
    body: { email, reset_form_url: `${window.location.origin}/reset-password` },
  })
}
