import type { NormalizedListing } from '../../api/schemas/listing.ts'
import type { ConversionState } from '../messages.ts'
import { FailureNotice } from './failure-notice.tsx'
import { ListingPermissionPanel, ProfileMissing } from './listing-permission.tsx'
import { isRunning, type PopupModel } from './use-popup.ts'

function Progress({ conversion }: { conversion: ConversionState }) {
  // Photos download after Marketplace opens; their progress shows on that page.
  const label = conversion.phase === 'opening' ? 'Opening Marketplace…' : 'Converting the listing…'
  return (
    <div className="progress" role="status" aria-live="polite">
      <p>{label}</p>
      <progress aria-label={label} />
    </div>
  )
}

/** What stands before Convert: the agent profile, loading, missing or not to be had. */
function PermissionStep({ model, listing }: { model: PopupModel; listing: NormalizedListing }) {
  const { profile } = model
  switch (profile.state) {
    case 'loading':
      return (
        <p className="status" role="status">
          Checking your agent profile…
        </p>
      )
    case 'failed':
      return (
        <div className="notice notice-error" role="alert" data-kind={profile.error.kind}>
          <p className="notice-title">Your agent profile could not be loaded</p>
          <p>{profile.error.message}</p>
          <p>
            <button type="button" className="button" onClick={model.reloadProfile}>
              Try again
            </button>
          </p>
        </div>
      )
    case 'done':
      return profile.profile ? (
        <ListingPermissionPanel
          listing={listing}
          profile={profile.profile}
          onConvert={(permission) => void model.convert(permission)}
        />
      ) : (
        <ProfileMissing />
      )
  }
}

/** Convert, and every state of a conversion: whose listing it is, progress, failure, retry. */
export function ConvertPanel({
  model,
  listing,
}: {
  model: PopupModel
  listing: NormalizedListing
}) {
  const { conversion } = model
  if (isRunning(conversion) && conversion) return <Progress conversion={conversion} />

  const stored = conversion?.phase === 'failed' ? conversion.error : null
  const error = model.error ?? (stored?.kind === 'session-expired' ? null : stored)
  const done = conversion?.phase === 'done' && !model.error
  return (
    <div className="stack">
      {error && <FailureNotice error={error} />}
      {done && (
        // One compact line, so Convert below it stays in the popup's 600 px.
        <p className="notice notice-success notice-compact" role="status">
          Marketplace opened in a new tab: post it there.
        </p>
      )}
      <PermissionStep model={model} listing={listing} />
    </div>
  )
}
