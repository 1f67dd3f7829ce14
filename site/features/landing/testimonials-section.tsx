import { SampleReviewsNote } from '../../components/sample-reviews-note.tsx'
import { testimonials } from '../../content/testimonials.ts'
import { SectionHeading } from './section-heading.tsx'
import { TestimonialCarousel } from './testimonial-carousel.tsx'
import styles from './landing.module.css'

/** Landing section 7 (id "testimonials"). */
export function TestimonialsSection() {
  return (
    <section id="testimonials" className={styles.section} aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Agents Love the Hours They Get Back"
        >
          What posting to Marketplace looks like once it takes a click instead of an evening.
        </SectionHeading>
        <TestimonialCarousel items={testimonials} />
        <SampleReviewsNote className={styles.footnoteCenter} />
      </div>
    </section>
  )
}
