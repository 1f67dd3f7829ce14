import type { RouteBody } from '../../../../api/routes.ts'
import { api } from '../../../lib/api.ts'

/** POST /auth/register (docs/product.md#sign-up-and-session-calls): 201 is success. */
export function register(body: RouteBody<'register'>) {
  return api.call('register', { body })
}
