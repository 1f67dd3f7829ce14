import type { Kysely } from 'kysely'
import type { Clock } from '../clock.ts'
import { addSeconds } from '../clock.ts'
import { newId } from '../db/ids.ts'
import { lockUserRow } from '../db/lock-user-row.ts'
import type { Database } from '../db/schema.ts'
import { hashToken, newSecretToken } from './secret-token.ts'
import { lockedSessionGeneration } from './session-generation.ts'

/** Refresh tokens live 30 days and rotate on every use (docs/product.md#sessions). */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600
/** A token rotated this recently and presented again is a concurrent refresh, not a replay. */
export const ROTATION_GRACE_SECONDS = 30

async function insertToken(
  db: Kysely<Database>,
  userId: string,
  familyId: string,
  clock: Clock,
): Promise<{ id: string; token: string }> {
  const now = clock()
  const id = newId()
  const token = newSecretToken()
  await db
    .insertInto('refresh_tokens')
    .values({
      id,
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: addSeconds(now, REFRESH_TOKEN_SECONDS).toISOString(),
      created_at: now.toISOString(),
      revoked_at: null,
      replaced_by: null,
    })
    .execute()
  return { id, token }
}

/**
 * A new login starts a new family: the session, whose id its access tokens carry (logout ends
 * the family and with it those tokens, authenticate.ts).
 */
export async function startRefreshFamily(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
): Promise<{ token: string; familyId: string }> {
  const familyId = newId()
  const { token } = await insertToken(db, userId, familyId, clock)
  return { token, familyId }
}

export type RotateResult =
  /** `generation` and `familyId`: the session generation and the session, for the access token. */
  | { ok: true; userId: string; token: string; generation: number; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' }

/**
 * Swaps a live refresh token for a new one of the same family. A token that was already
 * rotated out (or revoked) being presented again means it leaked: the whole family dies.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  token: string,
  userId: string,
  clock: Clock,
): Promise<RotateResult> {
  return db.transaction().execute(async (trx) => {
    const now = clock().toISOString()
    // The account's row locked first: a password change (endAllSessions) under way finishes
    // before this reads the token, so its new generation and revocations are seen; one starting
    // after waits for this token to be stored and then revokes it.
    const generation = await lockedSessionGeneration(trx, userId)
    if (generation === null) return { ok: false, reason: 'unknown' }
    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst()
    if (row?.user_id !== userId) return { ok: false, reason: 'unknown' }
    if (row.revoked_at !== null) {
      // Rotated moments ago: two tabs refreshing with the same token at once, not a thief.
      // Refuse this one without ending the session; the other tab's rotation stands.
      const rotatedAgo = clock().getTime() - Date.parse(row.revoked_at)
      if (row.replaced_by !== null && rotatedAgo <= ROTATION_GRACE_SECONDS * 1000) {
        return { ok: false, reason: 'unknown' }
      }
      await revokeFamily(trx, row.family_id, clock)
      return { ok: false, reason: 'reused' }
    }
    if (row.expires_at <= now) return { ok: false, reason: 'expired' }
    const next = await insertToken(trx, row.user_id, row.family_id, clock)
    // Conditional on still being live: of two racing rotations only one wins.
    const updated = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, replaced_by: next.id })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) {
      await revokeFamily(trx, row.family_id, clock)
      return { ok: false, reason: 'reused' }
    }
    return { ok: true, userId: row.user_id, token: next.token, generation, familyId: row.family_id }
  })
}

export async function revokeFamily(
  db: Kysely<Database>,
  familyId: string,
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: clock().toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Logout: the family of the presented token, if it is ours. The account's row is locked first,
 * as a refresh locks it: a refresh of this session under way commits before the family is
 * revoked, so the token it adds is revoked too (on PostgreSQL the revocation would otherwise
 * skip the row the refresh retired and never see the one it added, leaving the session alive).
 */
export async function revokeFamilyOfToken(
  db: Kysely<Database>,
  token: string,
  clock: Clock,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst()
    if (!row) return
    await lockUserRow(trx, row.user_id)
    await revokeFamily(trx, row.family_id, clock)
  })
}

/** Every refresh token of the user (sessions.ts endAllSessions, which also ends access tokens). */
export async function revokeAllForUser(
  db: Kysely<Database>,
  userId: string,
  clock: Clock,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: clock().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}
