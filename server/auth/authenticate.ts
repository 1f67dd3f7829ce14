import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { AppContext } from '../app-context.ts'
import { preparedQuery } from '../db/prepared.ts'
import type { Database } from '../db/schema.ts'
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

/** A query of the caller's own account row by user id; it must read `session_generation`. */
export type AccountLookup<Account extends { session_generation: number }> = (
  db: Kysely<Database>,
  userId: string,
) => Promise<Account[]>

/**
 * The caller's user id from the access token; 401 lets the client refresh and retry. The token
 * must also be of the account's current session generation: a password change or reset ends
 * every session at once, and a deleted account has none (one lookup by key per request).
 */
export async function authenticate(request: FastifyRequest, ctx: AppContext): Promise<string> {
  return (await authenticateWith(request, ctx, sessionGeneration)).userId
}

/**
 * authenticate, reading the generation with the route's own query of the caller's account, which
 * the route then uses: one statement where there were two on the hot routes
 * (docs/operations.md#where-usersme-spends-its-time).
 */
export async function authenticateWith<Account extends { session_generation: number }>(
  request: FastifyRequest,
  ctx: AppContext,
  lookup: AccountLookup<Account>,
): Promise<{ userId: string; account: Account }> {
  const token = bearerToken(request)
  if (!token) throw new AppError(401, 'Please log in to continue.')
  const claims = verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock)
  if (!claims) throw new AppError(401, SESSION_ENDED_MESSAGE)
  const [account] = await lookup(ctx.db, claims.userId)
  if (!account || account.session_generation !== claims.generation) {
    throw new AppError(401, SESSION_ENDED_MESSAGE)
  }
  return { userId: claims.userId, account }
}
