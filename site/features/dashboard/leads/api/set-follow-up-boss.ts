import type { RouteData } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /leads/follow-up-boss: saves the Follow Up Boss API key (never shown again). */
export function setFollowUpBoss(apiKey: string): Promise<RouteData<'setFollowUpBoss'>> {
  return api.call('setFollowUpBoss', { body: { api_key: apiKey } })
}
