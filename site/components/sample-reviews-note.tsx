/** The testimonials are written for illustration, not quoted from customers: said wherever they are shown. */
export const SAMPLE_REVIEWS_NOTE = 'Sample reviews, shown for illustration.'

/** The label under every set of sample testimonials (landing carousel, guest pages' panel). */
export function SampleReviewsNote({ className }: { className?: string | undefined }) {
  return (
    <p className={className} data-sample-reviews-note="">
      {SAMPLE_REVIEWS_NOTE}
    </p>
  )
}
