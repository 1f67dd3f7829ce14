import type { Lead } from '../../../../../api/schemas/leads.ts'
import type { RouteBody } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

/** POST /leads/update: a lead's status and/or notes; answers the lead as saved. */
export async function updateLead(body: RouteBody<'updateLead'>): Promise<Lead> {
  const { lead } = await api.call('updateLead', { body })
  return lead
}
