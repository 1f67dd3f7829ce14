import type { RouteBody, RouteData } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /users/change-password: every session ends; the answer is this page's new one. */
export function changePassword(
  body: RouteBody<'changePassword'>,
): Promise<RouteData<'changePassword'>> {
  return api.call('changePassword', { body })
}
