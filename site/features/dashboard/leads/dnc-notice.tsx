import { PhoneOffIcon } from './lead-icons.tsx'
import styles from './leads.module.css'

export const DNC_REGISTRY_URL = 'https://www.donotcall.gov'

/** The rule an agent calling owners must follow, said plainly where the phone numbers are. */
export function DncNotice() {
  return (
    <aside className={styles.notice} aria-labelledby="dnc-notice-title">
      <PhoneOffIcon size={22} className={styles.noticeIcon} />
      <div>
        <h2 id="dnc-notice-title" className={styles.noticeTitle}>
          Check the Do Not Call Registry before you call
        </h2>
        <p className={styles.noticeText}>
          You must scrub every number against the National Do Not Call Registry (
          <a href={DNC_REGISTRY_URL} target="_blank" rel="noopener noreferrer">
            donotcall.gov
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          ) before calling it. Leads you mark do-not-call are never sent to a CRM and are marked “Do
          Not Call: Yes” in the CSV export.
        </p>
      </div>
    </aside>
  )
}
