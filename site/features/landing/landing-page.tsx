import { usePageTitle } from '../../lib/page-title.ts'

export function LandingPage() {
  usePageTitle(null)
  return (
    <section className="container">
      <h1>ListingBridge</h1>
    </section>
  )
}
