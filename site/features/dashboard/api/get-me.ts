import type { Me } from '../../../../api/schemas/users.ts'
import { api } from '../../../lib/api.ts'

/** GET /users/me (SPEC §7): the signed-in user, for the access gate. */
export function getMe(): Promise<Me> {
  return api.call('me')
}
