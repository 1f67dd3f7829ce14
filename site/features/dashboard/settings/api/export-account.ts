import type { AccountExport } from '../../../../../api/schemas/users.ts'
import { api } from '../../../../lib/api.ts'

/** GET /users/export: everything held on the account, for the agent to keep. */
export function exportAccount(): Promise<AccountExport> {
  return api.call('exportAccount')
}
