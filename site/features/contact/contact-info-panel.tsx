import { brand } from '../../../api/brand.ts'
import { ClockIcon, HelpCircleIcon, MailIcon } from '../../components/icons.tsx'
import styles from './contact.module.css'

/**
 * The contact page's side panel (docs/product.md#page-contact): support e-mail, reply time,
 * business hours, a word about support.
 */
export function ContactInfoPanel() {
  return (
    <aside className={styles.panel} aria-label="Other ways to reach us">
      <div className={styles.panelItem}>
        <span className={styles.panelIcon}>
          <MailIcon />
        </span>
        <div>
          <h2 className={styles.panelTitle}>Email us</h2>
          <a href={`mailto:${brand.supportEmail}`} className={styles.mail}>
            {brand.supportEmail}
          </a>
          <p className={styles.panelText}>We reply within 24 hours.</p>
        </div>
      </div>
      <div className={styles.panelItem}>
        <span className={styles.panelIcon}>
          <ClockIcon />
        </span>
        <div>
          <h2 className={styles.panelTitle}>Business hours</h2>
          <dl className={styles.hours}>
            <div>
              <dt>Monday to Friday</dt>
              <dd>9:00 AM to 5:00 PM</dd>
            </div>
            <div>
              <dt>Saturday and Sunday</dt>
              <dd>Closed</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className={`${styles.panelItem} ${styles.panelBlurb}`}>
        <span className={styles.panelIcon}>
          <HelpCircleIcon />
        </span>
        <div>
          <h2 className={styles.panelTitle}>Real people, real answers</h2>
          <p className={styles.panelText}>
            Stuck on a listing that did not convert the way you expected, or a question about your
            plan? Include the listing link and what you saw, and someone from our support team will
            walk you through it.
          </p>
        </div>
      </div>
    </aside>
  )
}
