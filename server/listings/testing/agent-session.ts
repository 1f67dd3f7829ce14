import type { AgentProfile } from '../../../api/schemas/agent-profile.ts'
import { loggedInUser, type TestApp } from '../../testing/test-app.ts'

/** A logged-in user with the bearer header the listing routes take. */
export async function agentSession(t: TestApp) {
  const user = await loggedInUser(t)
  return { ...user, headers: { authorization: `Bearer ${user.accessToken}` } }
}

/**
 * Logs the user in again after the test clock moved past the access token's life (hours, not the
 * trial's days), updating `session.headers`.
 */
export async function renewSession(
  t: TestApp,
  session: Awaited<ReturnType<typeof agentSession>>,
): Promise<void> {
  const login = await t.api({
    method: 'POST',
    url: '/auth/login',
    payload: { email: session.email, password: session.password },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  session.headers.authorization = `Bearer ${String(login.json().data?.access_token)}`
}

/** The API calls counted for the user, all days together. */
export async function apiCalls(t: TestApp, userId: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('api_usage_daily')
    .select('count')
    .where('user_id', '=', userId)
    .execute()
  return rows.reduce((sum, r) => sum + r.count, 0)
}

/** The agent profile as Settings would store it (written directly: Settings is not under test). */
export async function setAgentProfile(
  t: TestApp,
  userId: string,
  profile: Partial<AgentProfile> = {},
): Promise<void> {
  const row = {
    listing_name: 'Wong Real Estate Grp',
    license_number: '01234567',
    license_state: 'CA',
    brokerage: 'KW Advisors',
    ...profile,
    updated_at: t.clock().toISOString(),
  }
  await t.ctx.db
    .insertInto('agent_profiles')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute()
}
