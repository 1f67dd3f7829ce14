import type { Testimonial } from '../../content/testimonials.ts'
import { initialsOf } from '../../lib/initials.ts'
import styles from './guest-layout.module.css'

/** A sample review in the guest pages' side panel. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.testimonial}>
      <p className={styles.stars} aria-label={`Rated ${testimonial.rating} out of 5`}>
        {'★'.repeat(testimonial.rating)}
      </p>
      <blockquote className={styles.quote}>“{testimonial.review}”</blockquote>
      <figcaption className={styles.author}>
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(testimonial.name)}
        </span>
        <span>
          <strong>{testimonial.name}</strong>
          <span className={styles.role}>
            {testimonial.role} · {testimonial.location}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
