import { Link } from 'wouter'
import { HelpCircleIcon } from '../../components/icons.tsx'
import styles from './pricing.module.css'

/** The "Have Questions?" block of the pricing page. */
export function HaveQuestions() {
  return (
    <section className={styles.questions} aria-labelledby="questions-title">
      <span className={styles.questionsIcon}>
        <HelpCircleIcon size={28} />
      </span>
      <div className={styles.questionsText}>
        <h2 id="questions-title">Have Questions?</h2>
        <p>
          Quick answers about the free trial, billing and the extension are in our FAQ. Anything
          else, our support team replies within 24 hours.
        </p>
      </div>
      <div className={styles.questionsActions}>
        <Link href="/faq" className="button button-secondary">
          View FAQs
        </Link>
        <Link href="/contact-us" className="button button-primary">
          Contact Support
        </Link>
      </div>
    </section>
  )
}
