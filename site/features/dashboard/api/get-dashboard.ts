import type { Dashboard } from '../../../../api/schemas/users.ts'
import { api } from '../../../lib/api.ts'

/** GET /users/dashboard (SPEC §7): usage, the current subscription and recent transactions. */
export function getDashboard(): Promise<Dashboard> {
  return api.call('dashboard')
}
