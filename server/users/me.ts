import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { loadMe } from './load-me.ts'

/** The signed-in account, its access and its Settings (load-me.ts). */
export default defineRoute(routes.me, async ({ userId }, ctx) => ({
  data: await loadMe(ctx, userId),
}))
