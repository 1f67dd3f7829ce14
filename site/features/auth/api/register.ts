import type { RouteBody } from '../../../../api/routes.ts'
import { loadApi } from '../../../lib/load-api.ts'

/** POST /auth/register (docs/product.md#sign-up-and-session-calls): 201 is success. */
export async function register(body: RouteBody<'register'>) {
  const api = await loadApi()
  return api.call('register', { body })
}
