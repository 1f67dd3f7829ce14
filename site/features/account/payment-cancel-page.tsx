import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { Outcome } from '../auth/outcome.tsx'
import { ResultLayout } from './result-layout.tsx'
import styles from './result-layout.module.css'
import form from '../auth/auth-form.module.css'

/** /cancel (docs/product.md#page-cancel): no charges; try again, go back, or ask support. */
export default function PaymentCancelPage() {
  usePageTitle('Payment cancelled')
  return (
    <ResultLayout>
      <Outcome tone="error" title="Payment Cancelled">
        <p>Your payment was cancelled and no charges were made.</p>
        <div className={form.actions}>
          <Link href="/membership" className="button button-primary">
            Try Payment Again
          </Link>
          <Link href="/dashboard" className="button button-secondary">
            Return to Homepage
          </Link>
        </div>
      </Outcome>
      <p className={styles.support}>
        Having trouble paying? Write to{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or use our{' '}
        <Link href="/contact-us">contact form</Link>.
      </p>
    </ResultLayout>
  )
}
