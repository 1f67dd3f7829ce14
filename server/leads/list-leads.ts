import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { filterLeads, toLead } from './lead-rows.ts'

/** GET /leads: the caller's leads, newest first, filtered and searched, a page at a time. */
export default defineRoute(routes.listLeads, async ({ query, userId }, ctx) => {
  const { page, page_size: pageSize, ...filters } = query
  const [rows, total] = await Promise.all([
    filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, filters)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filterLeads(
      ctx.db.selectFrom('leads').select((eb) => eb.fn.countAll<number | string>().as('n')),
      userId,
      filters,
    ).executeTakeFirstOrThrow(),
  ])
  return {
    data: { items: rows.map(toLead), page, page_size: pageSize, total: Number(total.n) },
  }
})
