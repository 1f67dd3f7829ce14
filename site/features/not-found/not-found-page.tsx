import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import styles from './not-found.module.css'

/** Where a visitor may have meant to go. */
const suggestions = [
  { href: '/pricing', label: 'Pricing' },
  { href: '/faq', label: 'FAQ' },
  { href: '/contact-us', label: 'Contact us' },
]

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <div className={`container narrow ${styles.inner}`}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">We could not find that page</h1>
        <p className={styles.lead}>The link may be old or mistyped.</p>
        <p className={styles.actions}>
          <Link href="/" className="button button-primary">
            Back to the home page
          </Link>
        </p>
        <nav aria-label="Other pages" className={styles.more}>
          <span className={styles.moreLabel}>Or try</span>
          <ul className={styles.links}>
            {suggestions.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  )
}
