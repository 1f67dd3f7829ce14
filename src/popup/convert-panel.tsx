import { useId, useState } from 'react'
import type { ConversionState } from '../messages.ts'
import { FailureNotice } from './failure-notice.tsx'
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

function Confirmation({ model }: { model: PopupModel }) {
  const id = useId()
  const [checked, setChecked] = useState(false)
  return (
    <section className="confirm" aria-labelledby={`${id}-title`}>
      <h2 className="notice-title" id={`${id}-title`}>
        Before your first conversion
      </h2>
      <p className="small">
        MLS rules let only the listing agent, or someone with the listing broker&apos;s permission,
        advertise a listing. The description credits the broker.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => {
            setChecked(event.target.checked)
          }}
        />
        <span>
          I am the listing agent, or I have the listing broker&apos;s permission to advertise this
          listing.
        </span>
      </label>
      <div className="row">
        <button
          type="button"
          className="button button-primary"
          disabled={!checked}
          onClick={() => void model.confirmAndConvert()}
        >
          Confirm and convert
        </button>
        <button type="button" className="button" onClick={model.cancelConfirm}>
          Cancel
        </button>
      </div>
    </section>
  )
}

/** Convert, and every state of a conversion: confirmation, progress, failure with retry. */
export function ConvertPanel({ model }: { model: PopupModel }) {
  const { conversion } = model
  if (isRunning(conversion) && conversion) return <Progress conversion={conversion} />
  if (model.confirming) return <Confirmation model={model} />

  const stored = conversion?.phase === 'failed' ? conversion.error : null
  const error = model.error ?? (stored?.kind === 'session-expired' ? null : stored)
  const done = conversion?.phase === 'done' && !model.error
  return (
    <div className="stack">
      {error && <FailureNotice error={error} />}
      {done && (
        <p className="notice notice-success" role="status">
          Marketplace opened in a new tab. Review the form there, then post it.
        </p>
      )}
      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => void model.convert()}
      >
        Convert to Marketplace listing
      </button>
    </div>
  )
}
