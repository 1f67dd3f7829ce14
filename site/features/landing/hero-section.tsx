import { brand } from '../../../api/brand.ts'
import { listingSourceNames } from '../../../api/listing-sources.ts'
import { flags } from '../../lib/flags.ts'
import { CheckCircleIcon, PlayIcon, ZapIcon } from '../../components/icons.tsx'
import { formatUsd } from '../pricing/pricing-rules.ts'
import { CtaButton } from './cta-button.tsx'
import { ProductTour } from './product-tour.tsx'
import styles from './landing.module.css'

const claims = ['15+ hours saved', '+147% leads increase', 'Free to list on Marketplace']
const trialBadges = ['Free 7-Day Trial', 'No Credit Card Required', '24/7 Support']

/** Landing section 1 (anchor "home"; docs/product.md#page-landing). */
export function HeroSection() {
  return (
    <section id="home" className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={styles.badge}>
            <ZapIcon size={16} />
            The Chrome extension for real estate agents
          </p>
          <h1 id="hero-title">
            Your Listings on Facebook Marketplace <span className={styles.accent}>in Minutes</span>
          </h1>
          <p className={styles.heroLead}>
            {brand.name} is a Chrome extension that turns a {listingSourceNames()} listing into a
            Facebook Marketplace draft in one click, with its photos, price, address and property
            details filled in. You check it, you post it, and local buyers start messaging you.
          </p>
          <ul className={styles.claims}>
            {claims.map((claim) => (
              <li key={claim}>
                <CheckCircleIcon size={18} />
                {claim}
              </li>
            ))}
          </ul>
          <div className={styles.heroActions}>
            <CtaButton />
            {/* Exists, hidden (docs/product.md#hidden-parts), no behaviour yet. */}
            <button
              type="button"
              className="button button-secondary"
              hidden={!flags.watchDemoButton}
            >
              <PlayIcon size={16} />
              Watch a Quick Demo
            </button>
          </div>
          <p className={styles.price}>
            <strong>Free for {brand.trialDays} days, no credit card needed.</strong> Then{' '}
            {formatUsd(brand.monthlyPriceUsd)}/month.
          </p>
          <ul className={styles.trialBadges} hidden={!flags.heroTrialBadges}>
            {trialBadges.map((badge) => (
              <li key={badge}>{badge}</li>
            ))}
          </ul>
          <p className={styles.footnote}>Results vary by market and listing.</p>
        </div>
        <ProductTour />
      </div>
    </section>
  )
}
