import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'
import { revokeFamilyOfToken } from './refresh-tokens.ts'

/** Ends the session of this refresh token everywhere; unknown tokens answer the same. */
export default defineRoute(routes.logout, async ({ body }, ctx) => {
  await revokeFamilyOfToken(ctx.db, body.refresh_token, ctx.clock)
  return { data: {}, message: 'Logged out.' }
})
