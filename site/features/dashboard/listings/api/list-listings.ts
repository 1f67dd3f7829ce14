import type { RouteData, RouteQuery } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'

export type ListingsPage = RouteData<'listListings'>

/** GET /listings: a page of the caller's converted listings, last converted first, searched. */
export function listListings(query: RouteQuery<'listListings'>): Promise<ListingsPage> {
  return api.call('listListings', { query })
}
