import type { ReactNode } from 'react'
import { SampleReviewsNote } from '../../components/sample-reviews-note.tsx'
import { testimonials } from '../../content/testimonials.ts'
import { GuestOnly } from './guest-only.tsx'
import { guestFeatures } from './guest-features.ts'
import { TestimonialCard } from './testimonial-card.tsx'
import { brand } from '../../../api/brand.ts'
import styles from './guest-layout.module.css'

interface GuestLayoutProps {
  children: ReactNode
  /** Which sample reviews the side panel shows (indexes into the testimonials). */
  reviews?: readonly number[]
}

/**
 * The frame of /sign-up, /sign-in, /forgot-password and /reset-password
 * (docs/product.md#guest-pages): the form on one side, what the product does and what agents say on
 * the other. Logged-in visitors are sent to the dashboard.
 */
export function GuestLayout({ children, reviews = [0, 3] }: GuestLayoutProps) {
  const shown = reviews.flatMap((index) => testimonials[index] ?? [])
  return (
    <GuestOnly>
      <div className={styles.page} data-guest-only="">
        <div className={styles.formColumn}>
          <div className={styles.card}>{children}</div>
        </div>
        <aside className={styles.panel} aria-label={`Why agents use ${brand.name}`}>
          <h2 className={styles.panelTitle}>More leads, less retyping</h2>
          <ul className={styles.features}>
            {guestFeatures.map((feature) => (
              <li key={feature}>
                <svg viewBox="0 0 20 20" aria-hidden="true" className={styles.check}>
                  <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
                </svg>
                {feature}
              </li>
            ))}
          </ul>
          <div className={styles.testimonials}>
            {shown.map((testimonial) => (
              <TestimonialCard key={testimonial.id} testimonial={testimonial} />
            ))}
            <SampleReviewsNote className={styles.sampleNote} />
          </div>
        </aside>
      </div>
    </GuestOnly>
  )
}
