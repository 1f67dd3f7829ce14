import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addSeconds } from '../clock.ts'
import { newId } from '../db/ids.ts'
import { createTestApp, loggedInUser, type TestApp } from '../testing/test-app.ts'
import { REFRESH_TOKEN_SECONDS } from './refresh-tokens.ts'
import { hashToken, newSecretToken } from './secret-token.ts'
import { lockedSessionGeneration } from './session-generation.ts'
import { endAllSessions, SESSION_CHANGED_MESSAGE, startSession } from './sessions.ts'

/**
 * Ending every session (password change, reset), or one (logout), against a refresh or a login
 * under way: whatever order the database runs them in, no session that was ended survives. On PostgreSQL the
 * statements really overlap (one connection each); SQLite runs them one after the other.
 */
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

function refresh(userId: string, refreshToken: string) {
  return t.api({
    method: 'POST',
    url: `/auth/refresh-token?user_id=${userId}`,
    headers: { authorization: `Bearer ${refreshToken}` },
  })
}

function me(accessToken: string) {
  return t.api({
    method: 'GET',
    url: '/users/me',
    headers: { authorization: `Bearer ${accessToken}` },
  })
}

/** Resolves the returned gate's promise when `open()` is called. */
function gate() {
  let open: () => void = () => undefined
  const closed = new Promise<void>((resolve) => {
    open = resolve
  })
  return { closed, open }
}

describe('ending every session while one is being refreshed or started', () => {
  it('leaves no live session of a refresh that raced it', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await loggedInUser(t)
      const { closed, open } = gate()
      // Sessions ended in a transaction held open until the refresh has been sent.
      const ending = t.ctx.db.transaction().execute(async (trx) => {
        await endAllSessions(trx, user.userId, t.ctx.clock)
        await closed
      })
      const refreshing = refresh(user.userId, user.refreshToken)
      setTimeout(open, round * 5)
      const [answer] = await Promise.all([refreshing, ending])

      // Refused, or answered with tokens that are dead now the change has committed.
      if (answer.statusCode === 200) {
        const tokens = answer.json().data as { access_token: string; refresh_token: string }
        expect((await me(tokens.access_token)).statusCode).toBe(401)
        expect((await refresh(user.userId, tokens.refresh_token)).statusCode).toBe(401)
      } else {
        expect(answer.statusCode).toBe(401)
      }
      expect((await me(user.accessToken)).statusCode).toBe(401)
    }
  })

  it('starts no session for a login whose password was checked before the sessions ended', async () => {
    const user = await loggedInUser(t)
    // The account as the login read it, before a password change committed.
    const checked = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'session_generation'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow()
    await t.ctx.db.transaction().execute((trx) => endAllSessions(trx, user.userId, t.ctx.clock))
    const families = async () =>
      (
        await t.ctx.db
          .selectFrom('refresh_tokens')
          .select('id')
          .where('user_id', '=', user.userId)
          .where('revoked_at', 'is', null)
          .execute()
      ).length

    await expect(
      t.ctx.db
        .transaction()
        .execute((trx) => startSession(trx, checked, t.ctx.config.jwtSecret, t.ctx.clock)),
    ).rejects.toMatchObject({ statusCode: 401, message: SESSION_CHANGED_MESSAGE })
    expect(await families()).toBe(0)

    // Read again, it starts one.
    const current = { ...checked, session_generation: checked.session_generation + 1 }
    const session = await t.ctx.db
      .transaction()
      .execute((trx) => startSession(trx, current, t.ctx.config.jwtSecret, t.ctx.clock))
    expect((await me(session.access_token)).statusCode).toBe(200)
    expect(await families()).toBe(1)
  })
})

describe('logging out while the same session is being refreshed', () => {
  it('leaves the session no live token, whichever commits first', async () => {
    const user = await loggedInUser(t)
    const { family_id: familyId } = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(user.refreshToken))
      .executeTakeFirstOrThrow()
    const { closed, open } = gate()
    // What a refresh writes, in its transaction held open: the account's row locked, the family's
    // next token added, the presented one retired (refresh-tokens.ts rotateRefreshToken).
    const refreshing = t.ctx.db.transaction().execute(async (trx) => {
      await lockedSessionGeneration(trx, user.userId)
      const now = t.ctx.clock()
      await trx
        .insertInto('refresh_tokens')
        .values({
          id: newId(),
          user_id: user.userId,
          family_id: familyId,
          token_hash: hashToken(newSecretToken()),
          expires_at: addSeconds(now, REFRESH_TOKEN_SECONDS).toISOString(),
          created_at: now.toISOString(),
          revoked_at: null,
          replaced_by: null,
        })
        .execute()
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now.toISOString() })
        .where('token_hash', '=', hashToken(user.refreshToken))
        .execute()
      await closed
    })
    const loggingOut = t.api({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: user.refreshToken },
    })
    // Long enough for the logout to reach the database and wait there (PostgreSQL).
    setTimeout(open, 200)
    const [answer] = await Promise.all([loggingOut, refreshing])
    expect(answer.statusCode).toBe(200)

    const live = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute()
    expect(live).toEqual([])
    expect((await me(user.accessToken)).statusCode).toBe(401)
  })
})
