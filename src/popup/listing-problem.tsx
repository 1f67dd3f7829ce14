import type { ExtractionFailureReason } from '../listing/listing-extraction.ts'

const TITLES: Record<ExtractionFailureReason, string> = {
  'bot-check': 'The site wants to check you are human',
  'not-a-listing': 'Not a listing page',
  'stale-page': 'Reload the page',
  'no-data': 'Listing details not found',
}

/** Why there is no preview, with the extractor's message, which says what to do. */
export function ListingProblem({
  reason,
  message,
}: {
  reason: ExtractionFailureReason
  message: string
}) {
  const tone = reason === 'not-a-listing' ? 'notice-info' : 'notice-warning'
  return (
    <section className={`notice ${tone}`} role="status" data-reason={reason}>
      <h1 className="notice-title">{TITLES[reason]}</h1>
      <p>{message}</p>
    </section>
  )
}
