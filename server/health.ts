import { sql } from 'kysely'
import { routes } from '../api/routes.ts'
import { defineRoute } from './http/define-route.ts'

/** For load balancers: answers only when the database does. */
export default defineRoute(routes.healthz, async (_input, ctx) => {
  await sql`select 1`.execute(ctx.db)
  return { data: { ok: true as const } }
})
