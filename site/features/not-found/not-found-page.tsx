import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'

export function NotFoundPage() {
  usePageTitle('Page not found')
  return (
    <section className="container narrow center stack">
      <p className="eyebrow">404</p>
      <h1>We could not find that page</h1>
      <p className="muted">The link may be old or mistyped.</p>
      <p>
        <Link href="/" className="button button-primary">
          Back to the home page
        </Link>
      </p>
    </section>
  )
}
