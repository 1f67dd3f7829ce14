import type { RouteBody } from '../../../../api/routes.ts'
import { api } from '../../../lib/api.ts'

/**
 * POST /auth/login (docs/product.md#login): data {access_token, refresh_token, username, user_id}.
 */
export function login(body: RouteBody<'login'>) {
  return api.call('login', { body })
}
