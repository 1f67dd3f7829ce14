import type { FastifyRequest } from 'fastify'
import { sql, type Kysely } from 'kysely'
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

/**
 * The column every account lookup selects to check the session: whether the token's session (its
 * refresh-token family) still has a token not revoked. Logout revokes the family; so do a reuse
 * of a rotated refresh token and ending every session. An index of the live rows answers it
 * (migration 0016). SQLite answers 0/1, PostgreSQL a boolean.
 */
export function sessionLive(sessionId: string) {
  const liveToken = sql`select 1 from refresh_tokens where family_id = ${sessionId} and revoked_at is null`
  return sql<number | boolean>`exists (${liveToken})`.as('session_live')
}

/** What an account lookup must read for the session check. */
export interface SessionCheck {
  session_generation: number
  session_live: number | boolean
}

const sessionOnly = preparedQuery((db, userId: string, sessionId: string) =>
  db
    .selectFrom('users')
    .select(['session_generation', sessionLive(sessionId)])
    .where('id', '=', userId),
)

/**
 * A query of the caller's own account row by user id; it must read the session check's columns
 * (`session_generation`, and `sessionLive` of the token's session).
 */
export type AccountLookup<Account extends SessionCheck> = (
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
) => Promise<Account[]>

/**
 * The caller's user id from the access token; 401 lets the client refresh and retry. The token
 * must also be of the account's current session generation (a password change or reset ends
 * every session at once, and a deleted account has none) and its own session must not have been
 * logged out: both read by the same lookup by key, one statement per request.
 */
export async function authenticate(request: FastifyRequest, ctx: AppContext): Promise<string> {
  return (await authenticateWith(request, ctx, sessionOnly)).userId
}

/**
 * authenticate, reading the session check with the route's own query of the caller's account,
 * which the route then uses: one statement where there were two on the hot routes
 * (docs/operations.md#where-usersme-spends-its-time).
 */
export async function authenticateWith<Account extends SessionCheck>(
  request: FastifyRequest,
  ctx: AppContext,
  lookup: AccountLookup<Account>,
): Promise<{ userId: string; account: Account }> {
  const token = bearerToken(request)
  if (!token) throw new AppError(401, 'Please log in to continue.')
  const claims = verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock)
  if (!claims) throw new AppError(401, SESSION_ENDED_MESSAGE)
  const [account] = await lookup(ctx.db, claims.userId, claims.sessionId)
  if (
    !account ||
    account.session_generation !== claims.generation ||
    !Number(account.session_live)
  ) {
    throw new AppError(401, SESSION_ENDED_MESSAGE)
  }
  return { userId: claims.userId, account }
}
