import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { signAccessToken } from './access-token.ts'
import { limits } from './rate-limits.ts'
import { rotateRefreshToken } from './refresh-tokens.ts'

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.'

export default defineRoute(routes.refreshToken, async ({ query, bearer, request }, ctx) => {
  await hitRateLimits(ctx, [[limits.refreshPerIp, request.ip]])
  const result = await rotateRefreshToken(ctx.db, bearer, query.user_id, ctx.clock)
  if (!result.ok) {
    if (result.reason === 'reused') {
      request.log.warn({ userId: query.user_id }, 'rotated refresh token reused; family revoked')
    }
    throw new AppError(401, SESSION_EXPIRED_MESSAGE)
  }
  const claims = {
    userId: result.userId,
    generation: result.generation,
    sessionId: result.familyId,
  }
  return {
    data: {
      access_token: await signAccessToken(claims, ctx.config.jwtSecret, ctx.clock),
      refresh_token: result.token,
    },
  }
})
