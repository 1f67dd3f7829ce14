import { sql, type Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { signAccessToken } from './access-token.ts'
import { revokeAllForUser, startRefreshFamily } from './refresh-tokens.ts'

export interface NewSession {
  access_token: string
  refresh_token: string
}

/**
 * A new session for an account (login, and the caller's own after a password change): a new
 * refresh-token family and an access token of the account's current session generation.
 */
export async function startSession(
  db: Kysely<Database>,
  user: { id: string; session_generation: number },
  secret: Uint8Array,
  clock: Clock,
): Promise<NewSession> {
  const refreshToken = await startRefreshFamily(db, user.id, clock)
  const accessToken = await signAccessToken(
    { userId: user.id, generation: user.session_generation },
    secret,
    clock,
  )
  return { access_token: accessToken, refresh_token: refreshToken }
}

/**
 * Ends every session of the account at once: refresh tokens are revoked and the session
 * generation moves on, so access tokens already issued stop working too instead of living out
 * their 15 minutes. Answers the new generation.
 */
export async function endAllSessions(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
): Promise<number> {
  await revokeAllForUser(db, userId, clock)
  const row = await db
    .updateTable('users')
    .set({ session_generation: sql<number>`session_generation + 1` })
    .where('id', '=', userId)
    .returning('session_generation')
    .executeTakeFirstOrThrow()
  return row.session_generation
}
