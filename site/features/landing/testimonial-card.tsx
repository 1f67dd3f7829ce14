import type { Testimonial } from '../../content/testimonials.ts'
import { StarIcon } from '../../components/icons.tsx'
import { initialsOf } from '../../lib/initials.ts'
import styles from './carousel.module.css'

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { name, role, location, rating, review } = testimonial
  return (
    <figure className={styles.card}>
      <div className={styles.stars} role="img" aria-label={`Rated ${rating} out of 5`}>
        {Array.from({ length: rating }, (_, i) => (
          <StarIcon key={i} size={18} />
        ))}
      </div>
      <blockquote className={styles.quote}>
        <p>“{review}”</p>
      </blockquote>
      <figcaption className={styles.person}>
        <span className={styles.initials} aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span>
          <strong className={styles.name}>{name}</strong>
          <span className={styles.role}>
            {role} · {location}
          </span>
        </span>
      </figcaption>
    </figure>
  )
}
