import type { CrmSettingsData } from '../../../../api/schemas/leads.ts'
import { useReloadable, type Loaded, type Reloadable } from '../use-reloadable.ts'
import { getCrmSettings } from './api/get-crm-settings.ts'

export type CrmSettingsState = Loaded<CrmSettingsData>
export type CrmSettings = Reloadable<CrmSettingsData>

/** GET /leads/crm, shared by the CRM settings dialog and the Send to CRM dialog. */
export function useCrmSettings(): CrmSettings {
  return useReloadable(getCrmSettings)
}
