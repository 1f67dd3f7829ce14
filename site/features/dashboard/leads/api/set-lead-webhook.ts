import type { RouteData } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /leads/webhook: saves the CRM webhook URL; the answer holds its new signing secret, once. */
export function setLeadWebhook(url: string): Promise<RouteData<'setLeadWebhook'>> {
  return api.call('setLeadWebhook', { body: { url } })
}
