import { useId, useState } from 'react'
import { isOwnListing, type ListingPermission } from '../../api/listing-permission.ts'
import type { AgentProfile } from '../../api/schemas/agent-profile.ts'
import type { NormalizedListing } from '../../api/schemas/listing.ts'
import { siteLink } from '../config.ts'

/** The site's Settings page, where the agent profile is filled in. */
export const SETTINGS_PAGE_PATH = '/dashboard/settings'

/** "Jane Doe, Acme Realty": who the page says listed the home; null when it names nobody. */
export function listedBy(listing: NormalizedListing): string | null {
  const names = [listing.listing_agent?.name, listing.broker?.name].filter((name): name is string =>
    Boolean(name),
  )
  return names.length > 0 ? names.join(', ') : null
}

/** The box the agent ticks for someone else's listing, naming the brokerage when the page does. */
export function permissionLabel(listing: NormalizedListing): string {
  const brokerage = listing.broker?.name
  return brokerage
    ? // "KW Advisors' permission", not "KW Advisors's".
      `I have ${brokerage}${/s$/i.test(brokerage) ? "'" : "'s"} permission to advertise this listing`
    : "I have the listing broker's permission to advertise this listing"
}

function ConvertButton({ disabled, onClick }: { disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="button button-primary button-large button-convert"
      disabled={disabled}
      onClick={onClick}
    >
      Convert to Marketplace listing
    </button>
  )
}

/** No profile yet: whose listing it is cannot be told, so nothing converts until there is one. */
export function ProfileMissing() {
  const id = useId()
  return (
    <section className="notice notice-info" aria-labelledby={id} data-permission="no-profile">
      <h2 className="notice-title" id={id}>
        Add your agent profile first
      </h2>
      <p className="small">
        Your name and brokerage as listings show them tell your own listings from other
        agents&apos;. MLS rules let you advertise another broker&apos;s listing only with their
        permission.
      </p>
      <p>
        <a
          className="button button-primary"
          href={siteLink(SETTINGS_PAGE_PATH)}
          target="_blank"
          rel="noreferrer"
        >
          Open Settings
        </a>
      </p>
    </section>
  )
}

/**
 * Whose listing it is, asked for every listing and never remembered (MLS rules tie the right to
 * advertise to each listing): the agent's own converts at once; anyone else's needs the box
 * saying the listing broker agreed.
 */
export function ListingPermissionPanel({
  listing,
  profile,
  onConvert,
}: {
  listing: NormalizedListing
  profile: AgentProfile
  onConvert: (permission: ListingPermission) => void
}) {
  const id = useId()
  const [confirmed, setConfirmed] = useState(false)
  const byline = listedBy(listing)

  if (isOwnListing(profile, listing)) {
    return (
      <div className="stack">
        <section className="permission" aria-labelledby={id} data-permission="own">
          <h2 className="notice-title" id={id}>
            Your listing
          </h2>
          <p className="small">Listed by {byline}, as in your agent profile.</p>
        </section>
        <ConvertButton
          onClick={() => {
            onConvert({ basis: 'own_listing' })
          }}
        />
      </div>
    )
  }

  return (
    <div className="stack">
      <section className="permission" aria-labelledby={id} data-permission="broker">
        <h2 className="permission-byline" id={id}>
          {byline ? `Listed by ${byline}` : 'The page names no listing agent'}
        </h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={confirmed}
            required
            onChange={(event) => {
              setConfirmed(event.target.checked)
            }}
          />
          <span>{permissionLabel(listing)}</span>
        </label>
        {/* The check compares names: a profile spelt otherwise than the page misses it. */}
        <p className="muted small">
          Your own listing? Check your{' '}
          <a href={siteLink(SETTINGS_PAGE_PATH)} target="_blank" rel="noreferrer">
            agent profile
          </a>
          .
        </p>
      </section>
      <ConvertButton
        disabled={!confirmed}
        onClick={() => {
          onConvert({ basis: 'broker_permission' })
        }}
      />
    </div>
  )
}
