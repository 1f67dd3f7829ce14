import { useState } from 'react'
import { Link, useSearch } from 'wouter'
import { isApiError } from '../../../api/client/api-error.ts'
import type { VerifyPaymentData } from '../../../api/schemas/payment.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { errorMessage } from '../auth/error-message.ts'
import { Outcome } from '../auth/outcome.tsx'
import { useRequestOnce } from '../auth/request-once.ts'
import { verifyPayment } from './api/verify-payment.ts'
import { ResultLayout } from './result-layout.tsx'
import styles from './result-layout.module.css'
import form from '../auth/auth-form.module.css'

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
})
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "December 1, 2026" in the visitor's time zone, as the dashboard counts days. */
function formatLongDate(iso: string): string {
  return longDate.format(Date.parse(iso))
}

/**
 * /success: verifies `session_id` before it says anything. While it asks, a neutral
 * "Confirming…"; then what happened: paid (the plan, and when the first charge is or was), a
 * checkout that bought nothing (unknown, unpaid, expired, cancelled: the way back), or no answer
 * (try again). It stays on the page rather than toasting and leaving, so the charge date can be
 * read.
 */
export default function PaymentSuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id')
  const [attempt, setAttempt] = useState(0)
  const result = useRequestOnce(
    sessionId ? `verify-payment:${sessionId}:${String(attempt)}` : null,
    () => verifyPayment(sessionId ?? ''),
  )

  if (!sessionId) return <PaymentNotFound />
  if (result.status === 'pending') return <Confirming />
  if (result.status === 'success') return <Subscribed payment={result.value} />
  const { error } = result
  if (isApiError(error) && error.kind === 'http' && error.status === 404) {
    return <PaymentNotFound />
  }
  if (
    isApiError(error) &&
    error.kind === 'http' &&
    (error.status === 409 || error.status === 410)
  ) {
    return <PaymentNotCompleted message={error.message} />
  }
  return (
    <NotConfirmed
      message={errorMessage(error)}
      onRetry={() => {
        setAttempt((n) => n + 1)
      }}
    />
  )
}

/** A date kept on one line: "December 1, 2026" split after "December" reads badly. */
function Day({ children }: { children: string }) {
  return <span className={styles.day}>{children}</span>
}

function Confirming() {
  usePageTitle('Confirming your payment')
  return (
    <ResultLayout>
      <Outcome tone="pending" title="Confirming your payment…">
        <p>This takes a moment. Please keep this page open.</p>
      </Outcome>
    </ResultLayout>
  )
}

function Subscribed({ payment }: { payment: VerifyPaymentData }) {
  const { charge } = payment
  const scheduled = charge.status === 'scheduled'
  const title = scheduled ? 'Subscription Started' : 'Payment Successful'
  usePageTitle(title)
  const amount = usd.format(charge.amount_in_usd)
  const chargeDate = formatLongDate(charge.date)
  return (
    <ResultLayout>
      <Outcome tone="success" title={title}>
        <p>
          You’re subscribed to <strong>{payment.plan}</strong>.
          {scheduled && (
            <>
              {' '}
              Your free trial continues until <Day>{chargeDate}</Day>; nothing was charged today.
            </>
          )}
        </p>
        <p className={styles.chargeNote} data-charge={charge.status}>
          {scheduled ? (
            <>
              Your first charge of {amount} is on <Day>{chargeDate}</Day>.
            </>
          ) : (
            <>
              We charged {amount} on <Day>{chargeDate}</Day>. Your plan renews on{' '}
              <Day>{formatLongDate(payment.subscription_expiry)}</Day>.
            </>
          )}
        </p>
        <div className={form.actions}>
          <Link href="/dashboard" className="button button-primary">
            Back to Dashboard
          </Link>
          <Link href="/dashboard/subscriptions" className="button button-secondary">
            Manage Subscription
          </Link>
        </div>
      </Outcome>
    </ResultLayout>
  )
}

function PaymentNotFound() {
  usePageTitle('Payment not found')
  return (
    <ResultLayout>
      <Outcome tone="error" title="Payment Not Found">
        <p>
          We could not find a payment for this link, so nothing here was charged. If you have just
          subscribed, your plan shows on your dashboard.
        </p>
        <div className={form.actions}>
          <Link href="/pricing" className="button button-primary">
            See Plans
          </Link>
          <Link href="/dashboard" className="button button-secondary">
            Back to Dashboard
          </Link>
        </div>
      </Outcome>
    </ResultLayout>
  )
}

function PaymentNotCompleted({ message }: { message: string }) {
  usePageTitle('Payment not completed')
  return (
    <ResultLayout>
      <Outcome tone="error" title="Payment Not Completed">
        <p>{message}</p>
        <div className={form.actions}>
          <Link href="/pricing" className="button button-primary">
            Try Payment Again
          </Link>
          <Link href="/dashboard" className="button button-secondary">
            Back to Dashboard
          </Link>
        </div>
      </Outcome>
    </ResultLayout>
  )
}

function NotConfirmed({ message, onRetry }: { message: string; onRetry: () => void }) {
  usePageTitle('Payment not confirmed')
  return (
    <ResultLayout>
      <Outcome tone="error" title="We Could Not Confirm Your Payment">
        <p>{message}</p>
        <p>If you completed the payment, your plan shows on your dashboard once it is confirmed.</p>
        <div className={form.actions}>
          <button type="button" className="button button-primary" onClick={onRetry}>
            Try Again
          </button>
          <Link href="/dashboard" className="button button-secondary">
            Back to Dashboard
          </Link>
        </div>
      </Outcome>
    </ResultLayout>
  )
}
