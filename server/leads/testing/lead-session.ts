import { loggedInUser, type TestApp } from '../../testing/test-app.ts'

/** A logged-in user with the bearer header ready. */
export async function leadSession(t: TestApp) {
  const user = await loggedInUser(t)
  return { ...user, headers: { authorization: `Bearer ${user.accessToken}` } }
}

/** The user's API calls counted so far, all days together. */
export async function apiCalls(t: TestApp, userId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('api_usage_daily')
    .select('count')
    .where('user_id', '=', userId)
    .execute()
  return rows.reduce((sum, r) => sum + r.count, 0)
}
