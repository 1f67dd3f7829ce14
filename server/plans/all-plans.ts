import { z } from 'zod'
import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'

/** Features are stored as a JSON list of strings so plans stay data, editable without code. */
const featureList = z.array(z.string())

/** Public: the pricing page reads it before anyone logs in. */
export default defineRoute(routes.allPlans, async (_input, ctx) => {
  const rows = await ctx.db
    .selectFrom('plans')
    .select(['id', 'package_name', 'billing_cycle', 'amount_cents', 'features'])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return {
    data: rows.map((row) => ({
      id: row.id,
      package_name: row.package_name,
      billing_cycle: row.billing_cycle,
      // Cents inside (exact integer sums), dollars in the API.
      amount: row.amount_cents / 100,
      features: featureList.parse(JSON.parse(row.features)),
    })),
  }
})
