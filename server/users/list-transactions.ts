import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { filterTransactions, toTransaction, TRANSACTION_COLUMNS } from './transaction-rows.ts'

/**
 * GET /users/transactions: every payment of the caller, newest first, searched, a page at a
 * time. Only a login is needed: receipts stay reachable after a subscription ends.
 */
export default defineRoute(routes.listTransactions, async ({ query, userId }, ctx) => {
  const { page, page_size: pageSize, q } = query
  const [rows, total] = await Promise.all([
    filterTransactions(ctx.db.selectFrom('transactions').select(TRANSACTION_COLUMNS), userId, q)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filterTransactions(
      ctx.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number | string>().as('n')),
      userId,
      q,
    ).executeTakeFirstOrThrow(),
  ])
  return {
    data: { items: rows.map(toTransaction), page, page_size: pageSize, total: Number(total.n) },
  }
})
