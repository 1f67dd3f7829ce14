import type { RouteBody } from '../../../../../api/routes.ts'
import type { Me } from '../../../../../api/schemas/users.ts'
import { api } from '../../../../lib/api.ts'

/** PATCH /users/me: only the fields sent change; answers the account as it now is. */
export function updateMe(body: RouteBody<'updateMe'>): Promise<Me> {
  return api.call('updateMe', { body })
}
