import type { RouteBody } from '../../../../api/routes.ts'
import { loadApi } from '../../../lib/load-api.ts'

/**
 * POST /auth/login (docs/product.md#login): data {access_token, refresh_token, username, user_id}.
 */
export async function login(body: RouteBody<'login'>) {
  const api = await loadApi()
  return api.call('login', { body })
}
