import type { RouteData, RouteQuery } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

export type LeadsPage = RouteData<'listLeads'>

/** GET /leads: a page of the caller's leads, newest first, filtered and searched by the server. */
export function listLeads(query: RouteQuery<'listLeads'>): Promise<LeadsPage> {
  return api.call('listLeads', { query })
}
