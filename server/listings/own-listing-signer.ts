import type { Kysely } from 'kysely'
import { isOwnListing } from '../../api/listing-permission.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import type { ListingSigner } from './to-marketplace-draft.ts'

export async function agentProfileOf(
  db: Kysely<Database>,
  userId: string,
): Promise<ListingSigner | undefined> {
  return db
    .selectFrom('agent_profiles')
    .select(['listing_name', 'license_number', 'license_state', 'brokerage'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** What the page names as listing agent and brokerage, in words for a message. */
function namedOnPage(listing: Pick<NormalizedListing, 'listing_agent' | 'broker'>): string {
  const agent = listing.listing_agent?.name
  const broker = listing.broker?.name
  if (agent && broker) return `${agent} of ${broker}`
  if (broker) return `${broker} but no listing agent`
  if (agent) return `${agent} but no brokerage`
  return 'no listing agent or brokerage'
}

/**
 * The agent profile that signs this listing when the agent says it is their own: the server
 * checks the claim with the same name matching as the popup (api/listing-permission.ts), and
 * refuses with what the page shows when it does not hold.
 */
export async function ownListingSigner(
  db: Kysely<Database>,
  userId: string,
  listing: NormalizedListing,
): Promise<ListingSigner> {
  const profile = await agentProfileOf(db, userId)
  if (!profile) {
    throw new AppError(
      422,
      'Add your agent profile in Settings first (your name as listings show it and your brokerage), so this listing can be checked as your own.',
      { 'permission.basis': 'No agent profile yet' },
    )
  }
  if (!isOwnListing(profile, listing)) {
    throw new AppError(
      422,
      `This listing names ${namedOnPage(listing)}, not ${profile.listing_name} of ${profile.brokerage} as in your agent profile. Convert it with the listing broker's permission, or correct your profile in Settings.`,
      { 'permission.basis': 'The listing is not under your name and brokerage' },
    )
  }
  return profile
}
