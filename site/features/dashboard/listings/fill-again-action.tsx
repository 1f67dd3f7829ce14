import { useState } from 'react'
import { Link } from 'wouter'
import { brand } from '../../../../api/brand.ts'
import { fillAgainInExtension } from '../../../lib/extension-bridge.ts'
import { ExtensionLink } from '../../account/extension-link.tsx'
import styles from './listings.module.css'

type FillState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'opened' }
  | { status: 'no-extension' }
  | { status: 'failed'; kind: string; message: string }

export const FILL_AGAIN_BUSY_LABEL = 'Opening Marketplace…'
export const MARKETPLACE_OPENED_MESSAGE = 'Marketplace opened in a new tab with a fresh draft.'
export const NO_EXTENSION_MESSAGE = `Fill again works through the ${brand.name} Chrome extension, which did not answer in this browser. Install it and sign in, then try again.`
const UNEXPECTED_MESSAGE = 'Fill again did not work. Please try again.'

interface FillAgainActionProps {
  listingId: string
  /** What the button fills, for screen readers ("Fill again: 12 Oak St, Austin"). */
  address: string
  /** The extension opened the draft: the listing was converted again just now. */
  onOpened: () => void
}

/**
 * A row's Fill again: the extension fetches a fresh draft of the stored listing and opens
 * Marketplace with it. The button says it is waiting (aria-disabled, so it keeps keyboard focus);
 * the outcome shows under it: opened, no extension (with where to get it), or the extension's own
 * message (an ended trial links to the plans).
 */
export function FillAgainAction({ listingId, address, onOpened }: FillAgainActionProps) {
  const [state, setState] = useState<FillState>({ status: 'idle' })
  const busy = state.status === 'busy'

  async function fillAgain() {
    if (busy) return
    setState({ status: 'busy' })
    try {
      const answer = await fillAgainInExtension(listingId)
      if (answer === null) {
        setState({ status: 'no-extension' })
      } else if (answer.ok) {
        setState({ status: 'opened' })
        onOpened()
      } else {
        setState({ status: 'failed', kind: answer.error.kind, message: answer.error.message })
      }
    } catch {
      setState({ status: 'failed', kind: 'failed', message: UNEXPECTED_MESSAGE })
    }
  }

  return (
    <div className={styles.fillAgain}>
      <button
        type="button"
        className={`button button-secondary ${styles.fillButton}`}
        aria-disabled={busy || undefined}
        aria-label={busy ? undefined : `Fill again: ${address}`}
        onClick={() => void fillAgain()}
      >
        {busy && <span className={styles.buttonSpinner} aria-hidden="true" />}
        {busy ? FILL_AGAIN_BUSY_LABEL : 'Fill again'}
      </button>
      {state.status === 'opened' && (
        <p className={styles.fillMessage} data-tone="success" role="status">
          {MARKETPLACE_OPENED_MESSAGE}
        </p>
      )}
      {state.status === 'no-extension' && (
        <div className={styles.fillMessage} data-tone="error" role="alert">
          <p>{NO_EXTENSION_MESSAGE}</p>
          <ExtensionLink className={styles.inlineLink}>Get the extension</ExtensionLink>
        </div>
      )}
      {state.status === 'failed' && (
        <div className={styles.fillMessage} data-tone="error" role="alert">
          <p>{state.message}</p>
          {state.kind === 'upgrade' && (
            <Link href="/pricing" className={styles.inlineLink}>
              See the plans
            </Link>
          )}
        </div>
      )}
    </div>
  )
}
