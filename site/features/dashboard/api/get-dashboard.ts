import type { Dashboard } from '../../../../api/schemas/users.ts'
import { api } from '../../../lib/api.ts'

/** GET /users/dashboard (docs/usage.md): usage, the current subscription, recent transactions. */
export function getDashboard(): Promise<Dashboard> {
  return api.call('dashboard')
}
