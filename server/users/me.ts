import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { meSessionQuery, toMe } from './load-me.ts'

/**
 * The signed-in account, its access and its Settings (load-me.ts): one statement, which the
 * session check reads as well.
 */
export default defineRoute(
  routes.me,
  ({ account }, ctx) => Promise.resolve({ data: toMe(ctx, account) }),
  { account: meSessionQuery },
)
