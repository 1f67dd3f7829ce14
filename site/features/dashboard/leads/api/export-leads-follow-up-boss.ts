import type { RouteData } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /leads/export-follow-up-boss: the given leads (all without ids) to Follow Up Boss. */
export function exportLeadsFollowUpBoss(
  leadIds: readonly string[] | undefined,
): Promise<RouteData<'exportLeadsFollowUpBoss'>> {
  return api.call('exportLeadsFollowUpBoss', { body: leadIds ? { lead_ids: [...leadIds] } : {} })
}
