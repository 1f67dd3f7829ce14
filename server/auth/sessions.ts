import { sql, type Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { signAccessToken } from './access-token.ts'
import { retireOneTimeTokens } from './one-time-tokens.ts'
import { revokeAllForUser, startRefreshFamily } from './refresh-tokens.ts'
import { lockedSessionGeneration } from './session-generation.ts'

export interface NewSession {
  access_token: string
  refresh_token: string
}

export const SESSION_CHANGED_MESSAGE =
  'Your sessions were just ended (a password change or reset). Please log in again.'

/**
 * A new session for an account (login, and the caller's own after a password change): a new
 * refresh-token family and an access token of the account's session generation. `user` is the
 * account as the caller checked it; when its sessions were ended since (a password change
 * committed while the password was being checked), no session starts. Run it in a transaction:
 * the user's row stays locked until the family is stored, so endAllSessions cannot slip between.
 */
export async function startSession(
  trx: Kysely<Database>,
  user: { id: string; session_generation: number },
  secret: Uint8Array,
  clock: Clock,
): Promise<NewSession> {
  const generation = await lockedSessionGeneration(trx, user.id)
  if (generation !== user.session_generation) throw new AppError(401, SESSION_CHANGED_MESSAGE)
  const { token, familyId } = await startRefreshFamily(trx, user.id, clock)
  const claims = { userId: user.id, generation, sessionId: familyId }
  return { access_token: await signAccessToken(claims, secret, clock), refresh_token: token }
}

/**
 * Ends every session of the account at once: refresh tokens are revoked and the session
 * generation moves on, so access tokens already issued stop working too instead of living out
 * their 15 minutes. An e-mail change waiting for its link is called off with them: whoever held the
 * old password could have started it towards their own address, and its link would otherwise
 * still hand them the account after the owner changed or reset the password. Answers the new
 * generation.
 */
export async function endAllSessions(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
): Promise<number> {
  // The user's row first: its lock makes a refresh or a login under way wait, then see the new
  // generation (refresh-tokens.ts rotateRefreshToken, startSession above).
  const row = await db
    .updateTable('users')
    .set({ session_generation: sql<number>`session_generation + 1`, pending_email: null })
    .where('id', '=', userId)
    .returning('session_generation')
    .executeTakeFirstOrThrow()
  await revokeAllForUser(db, userId, clock)
  await retireOneTimeTokens(db, userId, 'email-change', clock)
  return row.session_generation
}
