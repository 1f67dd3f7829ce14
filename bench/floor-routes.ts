/**
 * The floor of /users/me's and /users/dashboard's work (docs/operations.md#where-usersme-spends-its-time):
 * routes on the bench's app that do what each route cannot skip — check the access token, run the
 * route's own statements — and answer what the real route answered, kept as one object (Fastify
 * still turns it into JSON each time). The app's hooks and headers are the same. A route's cost
 * beyond its floor is its route layer and turning rows into the answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../server/app-context.ts'
import { verifyAccessToken, type AccessClaims } from '../server/auth/access-token.ts'
import { bearerToken } from '../server/auth/authenticate.ts'
import { AppError } from '../server/http/app-error.ts'
import { accountSessionQuery, recentTransactions } from '../server/users/dashboard.ts'
import { meSessionQuery } from '../server/users/load-me.ts'
import { usageSummary } from '../server/usage/usage-summary.ts'

export const FLOOR_PATHS = {
  me: '/bench-floor/users/me',
  dashboard: '/bench-floor/users/dashboard',
} as const

export interface FloorAnswers {
  me: unknown
  dashboard: unknown
}

function claimsOf(request: FastifyRequest, ctx: AppContext): AccessClaims {
  const claims = verifyAccessToken(bearerToken(request) ?? '', ctx.config.jwtSecret, ctx.clock)
  if (!claims) throw new AppError(401, 'bench floor: no valid access token')
  return claims
}

/** Registers the floor routes; set `answers` to the real routes' answers before loading them. */
export function registerFloorRoutes(app: FastifyInstance, ctx: AppContext): FloorAnswers {
  const answers: FloorAnswers = { me: null, dashboard: null }
  app.get(FLOOR_PATHS.me, async (request) => {
    const { userId, sessionId } = claimsOf(request, ctx)
    await meSessionQuery(ctx.db, userId, sessionId)
    return answers.me
  })
  app.get(FLOOR_PATHS.dashboard, async (request) => {
    const { userId, sessionId } = claimsOf(request, ctx)
    await accountSessionQuery(ctx.db, userId, sessionId)
    await Promise.all([
      usageSummary(ctx.db, userId, ctx.clock()),
      recentTransactions(ctx.db, userId),
    ])
    return answers.dashboard
  })
  return answers
}
