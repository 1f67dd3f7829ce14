import { api } from '../../../lib/api.ts'

/** GET /auth/reset-password/:token: whether the link still works, without using it. */
export function checkResetToken(token: string) {
  return api.call('checkResetToken', { params: { token } })
}
