import type { RouteData } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /leads/export-webhook: the given leads (all of the user's without ids) to the webhook. */
export function exportLeadsWebhook(
  leadIds: readonly string[] | undefined,
): Promise<RouteData<'exportLeadsWebhook'>> {
  return api.call('exportLeadsWebhook', { body: leadIds ? { lead_ids: [...leadIds] } : {} })
}
