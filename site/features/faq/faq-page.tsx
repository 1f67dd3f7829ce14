import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import { FaqAccordion } from './faq-accordion.tsx'
import { faqItems } from './faq-items.tsx'
import styles from './faq.module.css'

/** /faq (docs/product.md#page-faq). */
export default function FaqPage() {
  usePageTitle('Frequently Asked Questions')
  return (
    <div className={styles.page}>
      <div className={`container narrow ${styles.inner}`}>
        <header className={styles.intro}>
          <p className="eyebrow">FAQ</p>
          <h1>Frequently Asked Questions</h1>
          <p className={styles.subline}>
            How the extension works, what the trial includes and how we keep your account safe.
          </p>
        </header>
        <FaqAccordion items={faqItems} />
        <div className={styles.more}>
          <h2>Still have questions?</h2>
          <p>Our support team replies within 24 hours, Monday to Friday.</p>
          <Link href="/contact-us" className="button button-primary">
            Contact Support
          </Link>
        </div>
      </div>
    </div>
  )
}
