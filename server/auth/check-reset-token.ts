import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { isOneTimeTokenUsable } from './one-time-tokens.ts'
import { limits } from './rate-limits.ts'
import { INVALID_RESET_LINK_MESSAGE } from './reset-password.ts'

/**
 * The reset page asks on load whether its link still works, so a bad one is said at once rather
 * than after a new password was typed. The token is not used; every reason it cannot reset reads
 * the same (410), and nothing about the account is answered.
 */
export default defineRoute(routes.checkResetToken, async ({ params, request }, ctx) => {
  await hitRateLimits(ctx, [[limits.resetCheckPerIp, request.ip]])
  if (!(await isOneTimeTokenUsable(ctx.db, params.token, 'reset', ctx.clock))) {
    throw new AppError(410, INVALID_RESET_LINK_MESSAGE)
  }
  return { data: { valid: true as const } }
})
