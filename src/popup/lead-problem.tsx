import type { FsboFailureReason } from '../fsbo/fsbo-lead.ts'

const TITLES: Record<FsboFailureReason, string> = {
  'bot-check': 'The site wants to check you are human',
  'not-a-listing': 'Not a listing page',
  'no-data': 'Owner details not found',
  'not-fsbo': 'Listed by an agent',
}

/** Why an FSBO listing page gave no lead, with the extractor's message, which says what to do. */
export function LeadProblem({ reason, message }: { reason: FsboFailureReason; message: string }) {
  return (
    <section className="notice notice-warning" role="status" data-reason={reason}>
      <h1 className="notice-title">{TITLES[reason]}</h1>
      <p>{message}</p>
    </section>
  )
}
