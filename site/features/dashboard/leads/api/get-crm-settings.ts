import type { CrmSettingsData } from '../../../../../api/schemas/leads.ts'
import { api } from '../../../../lib/api.ts'

/** GET /leads/crm: which CRM exports are set up, and the recent deliveries. */
export function getCrmSettings(): Promise<CrmSettingsData> {
  return api.call('crmSettings')
}
