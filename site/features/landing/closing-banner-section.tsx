import { brand } from '../../../api/brand.ts'
import { getStoredUsername } from '../../lib/auth-storage.ts'
import { DownloadIcon, GiftIcon } from '../../components/icons.tsx'
import { useIsLoggedIn } from '../auth/use-session.ts'
import { CtaButton } from './cta-button.tsx'
import styles from './landing.module.css'

export const GUEST_CLOSING_HEADING = "Don't let valuable leads slip through your fingers."

/** "Welcome back, {name}!" for a logged-in visitor with a stored username. */
export function closingHeading(loggedIn: boolean, storedUsername: string | null): string {
  return loggedIn && storedUsername ? `Welcome back, ${storedUsername}!` : GUEST_CLOSING_HEADING
}

/** Landing section 8: closing banner, call to action, extension download, offer. */
export function ClosingBannerSection() {
  const loggedIn = useIsLoggedIn()
  const heading = closingHeading(loggedIn, getStoredUsername())
  return (
    <section className={styles.closing} aria-labelledby="closing-title">
      <div className={`container ${styles.closingInner}`}>
        <h2 id="closing-title">{heading}</h2>
        <p className={styles.closingLead}>
          Every listing that is not on Marketplace is a conversation you are not having. Put your
          next one in front of local buyers in minutes.
        </p>
        <div className={styles.closingActions}>
          <CtaButton />
          <a
            href={brand.extensionStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`button ${styles.storeButton}`}
          >
            <DownloadIcon size={18} />
            Download the Chrome Extension Now!
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <aside className={styles.offer} aria-label="Limited Time Offer">
          <span className={styles.offerBadge}>
            <GiftIcon size={16} />
            Limited Time Offer
          </span>
          <p>
            Install the extension today and get full Pro access free for {brand.trialDays} days:
            unlimited conversions, no credit card, nothing to cancel.
          </p>
        </aside>
      </div>
    </section>
  )
}
