import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { Outcome } from '../auth/outcome.tsx'
import { useKnownName } from '../auth/use-session.ts'
import { ExtensionLink } from './extension-link.tsx'
import { ResultLayout } from './result-layout.tsx'
import { StepsList, type Step } from './steps-list.tsx'
import styles from './result-layout.module.css'
import form from '../auth/auth-form.module.css'

const usage: Step[] = [
  {
    title: 'Install the extension',
    text: `Add ${brand.name} to Chrome from the Chrome Web Store.`,
  },
  { title: 'Open your listing', text: 'Navigate to your listing on the listing site.' },
  { title: 'Click the extension icon', text: 'One click reads the photos and property details.' },
  {
    title: 'Review and post',
    text: 'Check the marketplace listing it generated, make any changes, and post it.',
  },
]

/**
 * /login-success (docs/product.md#post-action-pages): welcome back, the extension download link and
 * how to use it.
 */
export default function LoginSuccessPage() {
  usePageTitle('Welcome back')
  const name = useKnownName()
  const title = name ? `Welcome back, ${name}!` : 'Welcome back!'
  return (
    <ResultLayout wide>
      <Outcome tone="success" title={title}>
        <p>You’re signed in. Convert your next listing in one click with the Chrome extension.</p>
        <div className={form.actions}>
          <ExtensionLink>Get the Chrome Extension</ExtensionLink>
          <Link href="/dashboard" className="button button-secondary">
            Go to Dashboard
          </Link>
        </div>
      </Outcome>
      <section className={styles.section} aria-labelledby="how-to-use">
        <h2 id="how-to-use" className={styles.sectionTitle}>
          How to use it
        </h2>
        <StepsList steps={usage} />
      </section>
    </ResultLayout>
  )
}
