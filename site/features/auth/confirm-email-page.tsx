import { Link, useParams } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import { confirmEmailChange } from './api/confirm-email-change.ts'
import { errorMessage } from './error-message.ts'
import { Outcome } from './outcome.tsx'
import { useRequestOnce } from './request-once.ts'
import { useIsLoggedIn } from './use-session.ts'
import styles from './auth-form.module.css'
import page from './verify-email-page.module.css'

export const CONFIRM_FAILED_MESSAGE =
  'This link may be expired, already used or invalid. Change your e-mail again in Settings to get a new one.'

/**
 * /confirm-email/{token}: the link sent to a new e-mail address (Settings → E-mail). Opening it
 * switches the account to that address; public, since the token is the proof.
 */
export default function ConfirmEmailPage() {
  const { token } = useParams<{ token: string }>()
  const result = useRequestOnce(token ? `confirm-email:${token}` : null, () =>
    confirmEmailChange(token),
  )
  const loggedIn = useIsLoggedIn()
  const state = !token ? 'failed' : result.status === 'pending' ? 'confirming' : result.status
  usePageTitle(
    state === 'confirming'
      ? 'Confirming your e-mail'
      : state === 'success'
        ? 'E-mail changed'
        : 'E-mail not changed',
  )
  const next = loggedIn ? (
    <Link href="/dashboard/settings" className="button button-primary">
      Go to Settings
    </Link>
  ) : (
    <Link href="/sign-in" className="button button-primary">
      Go to Login
    </Link>
  )

  return (
    <div className={page.page}>
      <div className={page.card}>
        {state === 'confirming' && (
          <Outcome tone="pending" title="Confirming your e-mail…">
            <p>This takes a moment.</p>
          </Outcome>
        )}
        {state === 'success' && result.status === 'success' && (
          <Outcome tone="success" title="E-mail changed">
            <p>
              Your e-mail is now <strong>{result.value}</strong>. Sign in with it from now on.
            </p>
            <div className={styles.actions}>{next}</div>
          </Outcome>
        )}
        {(state === 'failed' || state === 'error') && (
          <Outcome tone="error" title="E-mail not changed">
            <p>
              {result.status === 'error'
                ? errorMessage(result.error, CONFIRM_FAILED_MESSAGE)
                : CONFIRM_FAILED_MESSAGE}
            </p>
            <div className={styles.actions}>{next}</div>
          </Outcome>
        )}
      </div>
    </div>
  )
}
