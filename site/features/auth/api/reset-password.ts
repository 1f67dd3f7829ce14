import { api } from '../../../lib/api.ts'

/** POST /auth/reset-password (docs/product.md#password-reset). */
export function resetPassword(token: string, newPassword: string) {
  return api.call('resetPassword', {
    body: { pass_reset_token: token, new_password: newPassword },
  })
}
