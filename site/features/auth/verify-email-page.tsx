import { Link, useParams } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import { verifyEmail } from './api/verify-email.ts'
import { Outcome } from './outcome.tsx'
import { ResendVerificationForm } from './resend-verification-form.tsx'
import { useRequestOnce } from './request-once.ts'
import styles from './auth-form.module.css'
import page from './verify-email-page.module.css'

/**
 * /verify-email/{token} (docs/product.md#page-verify-email): verifying, then Email Verified or
 * Verification Failed.
 */
export default function VerifyEmailPage() {
  const { token } = useParams<{ token: string }>()
  const result = useRequestOnce(token ? `verify-email:${token}` : null, () => verifyEmail(token))
  const state = !token
    ? 'failed'
    : result.status === 'pending'
      ? 'verifying'
      : result.status === 'success' && result.value
        ? 'verified'
        : 'failed'
  usePageTitle(
    state === 'verifying'
      ? 'Verifying your email'
      : state === 'verified'
        ? 'Email verified'
        : 'Verification failed',
  )

  return (
    <div className={page.page}>
      <div className={page.card}>
        {state === 'verifying' && (
          <Outcome tone="pending" title="Verifying your email…">
            <p>This takes a moment.</p>
          </Outcome>
        )}
        {state === 'verified' && (
          <Outcome tone="success" title="Email Verified">
            <p>Thanks for confirming your e-mail address. Your account is ready.</p>
            <div className={styles.actions}>
              <Link href="/sign-in" className="button button-primary">
                Go to Login
              </Link>
            </div>
          </Outcome>
        )}
        {state === 'failed' && (
          <>
            <Outcome tone="error" title="Verification Failed">
              <p>
                The verification link may be expired or invalid. Links work for 24 hours and only
                once.
              </p>
            </Outcome>
            <ResendVerificationForm />
            <p className={styles.switch}>
              Already verified?{' '}
              <Link href="/sign-in" className={styles.link}>
                Go to Login
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  )
}
