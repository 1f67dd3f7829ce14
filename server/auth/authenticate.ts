import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../app-context.ts'
import { AppError } from '../http/app-error.ts'
import { verifyAccessToken } from './access-token.ts'

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/** The caller's user id from the access token; 401 lets the client refresh and retry. */
export function authenticate(request: FastifyRequest, ctx: AppContext): string {
  const token = bearerToken(request)
  if (!token) throw new AppError(401, 'Please log in to continue.')
  const userId = verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock)
  if (!userId) throw new AppError(401, 'Your session has expired. Please log in again.')
  return userId
}
