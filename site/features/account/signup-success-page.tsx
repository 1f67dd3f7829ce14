import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { getStoredEmail } from '../../lib/auth-storage.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { Outcome } from '../auth/outcome.tsx'
import { ExtensionLink } from './extension-link.tsx'
import { ResultLayout } from './result-layout.tsx'
import { StepsList, type Step } from './steps-list.tsx'
import styles from './result-layout.module.css'
import form from '../auth/auth-form.module.css'

/**
 * /signup-success (docs/product.md#post-action-pages): trial activated, extension link, next
 * steps, spam hint, contact, home.
 */
export default function SignupSuccessPage() {
  usePageTitle('Welcome aboard')
  const email = getStoredEmail()
  const steps: Step[] = [
    {
      title: 'Verify your email',
      text: (
        <>
          Click the link we sent to {email ? <strong>{email}</strong> : 'your inbox'}. It works for
          24 hours.
        </>
      ),
    },
    {
      title: 'Install the extension',
      text: `Add ${brand.name} to Chrome from the Chrome Web Store.`,
    },
    {
      title: 'Log in to the extension',
      text: 'Click its icon in the toolbar and sign in with the e-mail and password you just chose.',
    },
    {
      title: 'Use it on the marketplace',
      text: 'Open a listing, click the icon, review the Marketplace listing it prepares, and post it.',
    },
  ]
  return (
    <ResultLayout wide>
      <Outcome tone="success" title="Thank you for signing up!">
        <p>
          Your free {brand.trialDays}-day trial is activated. No credit card needed — you have full
          access until it ends.
        </p>
        <div className={form.actions}>
          <ExtensionLink>Get the Chrome Extension</ExtensionLink>
        </div>
      </Outcome>
      <section className={styles.section} aria-labelledby="next-steps">
        <h2 id="next-steps" className={styles.sectionTitle}>
          Next steps
        </h2>
        <StepsList steps={steps} />
        <p className={styles.hint}>
          Don’t see our e-mail? Check your spam or junk folder. It comes from {brand.name}.
        </p>
      </section>
      <p className={styles.links}>
        <Link href="/contact-us">Questions? Contact us</Link>
        <Link href="/">Return to Home</Link>
      </p>
    </ResultLayout>
  )
}
