import type { Kysely } from 'kysely'
import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import type { Clock } from '../clock.ts'
import type { Database } from '../db/schema.ts'

/** The agent's profile (Settings), or null until they save one. */
export async function loadAgentProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<AgentProfile | null> {
  const row = await db
    .selectFrom('agent_profiles')
    .select(['listing_name', 'license_number', 'license_state', 'brokerage'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ?? null
}

/** Saves the profile (one per user: insert or replace), or removes it with null. */
export async function saveAgentProfile(
  db: Kysely<Database>,
  userId: string,
  profile: AgentProfile | null,
  clock: Clock,
): Promise<void> {
  if (profile === null) {
    await db.deleteFrom('agent_profiles').where('user_id', '=', userId).execute()
    return
  }
  const fields = {
    listing_name: profile.listing_name,
    license_number: profile.license_number,
    license_state: profile.license_state,
    brokerage: profile.brokerage,
    updated_at: clock().toISOString(),
  }
  await db
    .insertInto('agent_profiles')
    .values({ user_id: userId, ...fields })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(fields))
    .execute()
}
