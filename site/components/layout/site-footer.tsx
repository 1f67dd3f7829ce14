import type { MouseEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { flags } from '../../lib/flags.ts'
import { ExternalLinkIcon, LogoMark, MailIcon } from '../icons.tsx'
import { scrollToSection } from './scroll-to-section.ts'
import { useCurrentYear } from './use-current-year.ts'
import styles from './site-footer.module.css'

/** The footer's quick links (docs/product.md#layout-footer): landing sections, by id. */
export const quickLinks = [
  { id: 'home', label: 'Home' },
  { id: 'value-proposition', label: 'Features' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'testimonials', label: 'Testimonials' },
] as const

function sectionHref(id: string): string {
  return id === 'home' ? '/' : `/#${id}`
}

/**
 * The footer (docs/product.md#layout-footer). Quick links scroll smoothly when already on the
 * landing page, else go there and the landing page scrolls to the section once it has rendered.
 */
export function SiteFooter() {
  const [location, navigate] = useLocation()
  const year = useCurrentYear()

  function onQuickLink(event: MouseEvent<HTMLAnchorElement>, id: string) {
    // Let the browser handle new-tab and new-window clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return
    }
    event.preventDefault()
    if (location === '/') scrollToSection(id)
    else navigate(sectionHref(id))
  }

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <Link href="/" className={styles.brand}>
            <LogoMark size={28} />
            <span>{brand.name}</span>
          </Link>
          <p>
            One click from your Zillow listing to a ready-to-review Facebook Marketplace draft.
            Built for agents, brokers, investors and the teams they lead.
          </p>
          <a
            href={brand.extensionStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.storeLink}
          >
            Get the Chrome extension
            <ExternalLinkIcon size={16} />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.heading}>
            Quick Links
          </h2>
          <ul className={styles.list}>
            {quickLinks.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={sectionHref(id)}
                  onClick={(event) => {
                    onQuickLink(event, id)
                  }}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className={styles.heading}>
            Support
          </h2>
          <ul className={styles.list}>
            <li>
              <Link href="/pricing">Pricing</Link>
            </li>
            <li>
              <Link href="/faq">FAQ</Link>
            </li>
            <li>
              <Link href="/contact-us">Contact Us</Link>
            </li>
            <li hidden={!flags.footerLegalLinks}>
              <Link href="/privacy">Privacy Policy</Link>
            </li>
            <li hidden={!flags.footerLegalLinks}>
              <Link href="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Get in Touch</h2>
          <a href={`mailto:${brand.supportEmail}`} className={styles.mail}>
            <MailIcon size={18} />
            {brand.supportEmail}
          </a>
          <p className={styles.small}>We reply within 24 hours, Monday to Friday.</p>
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {year} {brand.name}. All rights reserved.
        </p>
        <p className={styles.small}>
          Zillow, Realtor.com, Redfin and Facebook are trademarks of their owners. {brand.name} is
          not affiliated with or endorsed by them.
        </p>
      </div>
    </footer>
  )
}
