import { useState } from 'react'
import { toast } from '../../lib/toast.tsx'
import { resendVerification } from './api/resend-verification.ts'
import { errorMessage } from './error-message.ts'
import styles from './auth-form.module.css'

/**
 * What the server says to a resend, whether or not the account exists
 * (docs/product.md#verification).
 */
export const RESEND_CONFIRMATION =
  'If that account still needs to be verified, a new verification link is on its way.'

/** Offered when login answers 403 (e-mail not verified): sends a new verification link. */
export function ResendVerificationButton({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  async function resend() {
    setState('sending')
    try {
      await resendVerification(email)
    } catch (error) {
      setState('idle')
      toast.error(errorMessage(error))
      return
    }
    setState('sent')
    toast.success(RESEND_CONFIRMATION)
  }
  return (
    <div className={styles.notice}>
      {state === 'sent' ? (
        <p role="status">{RESEND_CONFIRMATION} Check your inbox and spam folder.</p>
      ) : (
        <>
          <p>Didn’t get the verification e-mail, or did the link expire?</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={state === 'sending'}
            onClick={() => void resend()}
          >
            {state === 'sending' ? 'Sending…' : 'Resend verification e-mail'}
          </button>
        </>
      )}
    </div>
  )
}
