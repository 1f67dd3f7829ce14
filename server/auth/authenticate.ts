import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../app-context.ts'
import { preparedQuery } from '../db/prepared.ts'
import { AppError } from '../http/app-error.ts'
import { verifyAccessToken } from './access-token.ts'

export const SESSION_ENDED_MESSAGE = 'Your session has expired. Please log in again.'

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

const sessionGeneration = preparedQuery((db, userId: string) =>
  db.selectFrom('users').select('session_generation').where('id', '=', userId),
)

/**
 * The caller's user id from the access token; 401 lets the client refresh and retry. The token
 * must also be of the account's current session generation: a password change or reset ends
 * every session at once, and a deleted account has none (one lookup by key per request).
 */
export async function authenticate(request: FastifyRequest, ctx: AppContext): Promise<string> {
  const token = bearerToken(request)
  if (!token) throw new AppError(401, 'Please log in to continue.')
  const claims = verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock)
  if (!claims) throw new AppError(401, SESSION_ENDED_MESSAGE)
  const [account] = await sessionGeneration(ctx.db, claims.userId)
  if (account?.session_generation !== claims.generation) {
    throw new AppError(401, SESSION_ENDED_MESSAGE)
  }
  return claims.userId
}
