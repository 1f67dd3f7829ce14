import type { Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import { addSeconds } from '../clock.ts'
import { newId } from '../db/ids.ts'
import type { Database, OneTimePurpose } from '../db/schema.ts'
import { hashToken, newSecretToken } from './secret-token.ts'

/**
 * How long each e-mailed link works (docs/account.md#links): verification 24 h, password reset
 * 1 h. A new e-mail address is verified like the first one, so its link lives as long.
 */
export const ONE_TIME_TOKEN_SECONDS: Record<OneTimePurpose, number> = {
  verify: 24 * 3600,
  reset: 3600,
  'email-change': 24 * 3600,
}

/** Marks the user's unused tokens of a purpose used, so none of their links works any more. */
export async function retireOneTimeTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: OneTimePurpose,
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: clock().toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute()
}

/** Issues a new token and retires the user's older unused ones of the same purpose. */
export async function issueOneTimeToken(
  db: Kysely<Database>,
  userId: string,
  purpose: OneTimePurpose,
  clock: Clock,
): Promise<string> {
  const now = clock()
  const token = newSecretToken()
  await retireOneTimeTokens(db, userId, purpose, clock)
  await db
    .insertInto('one_time_tokens')
    .values({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: addSeconds(now, ONE_TIME_TOKEN_SECONDS[purpose]).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute()
  return token
}

/** True when the token would be accepted now (known, unused, not expired); uses nothing. */
export async function isOneTimeTokenUsable(
  db: Kysely<Database>,
  token: string,
  purpose: OneTimePurpose,
  clock: Clock,
): Promise<boolean> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock().toISOString())
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Marks the token used and answers its user id, or null when it is unknown, used or expired.
 * The update's own condition makes "use once" hold even for two requests racing.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  token: string,
  purpose: OneTimePurpose,
  clock: Clock,
): Promise<string | null> {
  const now = clock().toISOString()
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id ?? null
}
