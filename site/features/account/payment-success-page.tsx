import { useEffect, useRef } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import { toast } from '../../lib/toast.tsx'
import { Outcome } from '../auth/outcome.tsx'
import { useRequestOnce } from '../auth/request-once.ts'
import { verifyPayment } from './api/verify-payment.ts'
import { ResultLayout } from './result-layout.tsx'
import form from '../auth/auth-form.module.css'

export const PAYMENT_SUCCESS_TOAST = 'Payment Successful.'

/**
 * SPEC §2/§7 /success: verifies `session_id` once; a 200 toasts and goes to the dashboard. A
 * failure is only logged (SPEC §8): the page still thanks the user.
 */
export default function PaymentSuccessPage() {
  usePageTitle('Payment successful')
  const sessionId = new URLSearchParams(useSearch()).get('session_id')
  const [, navigate] = useLocation()
  const result = useRequestOnce(sessionId ? `verify-payment:${sessionId}` : null, () =>
    verifyPayment(sessionId ?? ''),
  )
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current || result.status === 'pending') return
    handled.current = true
    if (result.status === 'success') {
      toast.success(PAYMENT_SUCCESS_TOAST)
      navigate('/dashboard')
    } else {
      console.error('Payment verification failed', result.error)
    }
  }, [result, navigate])

  return (
    <ResultLayout>
      <Outcome tone="success" title="Payment Successful">
        <p>
          Thank you! Your subscription is being activated. A receipt is on its way to your inbox.
        </p>
        {sessionId && result.status === 'pending' && <p role="status">Confirming your payment…</p>}
        <div className={form.actions}>
          <Link href="/dashboard" className="button button-primary">
            Back to Dashboard
          </Link>
        </div>
      </Outcome>
    </ResultLayout>
  )
}
