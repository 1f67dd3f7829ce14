import type { Me } from '../../../../api/schemas/users.ts'
import { api } from '../../../lib/api.ts'

/** GET /users/me: the signed-in user, for the access gate (docs/product.md#dashboard-gate). */
export function getMe(): Promise<Me> {
  return api.call('me')
}
