import type { RouteData, RouteQuery } from '../../../../api/routes.ts'
import { api } from '../../../lib/api.ts'

export type TransactionsPage = RouteData<'listTransactions'>

/** GET /users/transactions: a page of all the caller's payments, newest first, searched. */
export function listTransactions(query: RouteQuery<'listTransactions'>): Promise<TransactionsPage> {
  return api.call('listTransactions', { query })
}
