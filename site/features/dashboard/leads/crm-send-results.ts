import type { CrmSendData, CrmTarget } from '../../../../api/schemas/leads.ts'
import { leadCount } from './lead-format.ts'

export type { CrmTarget }

export const CRM_TARGET_LABELS: Record<CrmTarget, string> = {
  webhook: 'Webhook',
  follow_up_boss: 'Follow Up Boss',
}

/** One destination's outcome of Send to CRM, as the dialog and the toast tell it. */
export type CrmSendResult =
  | { target: CrmTarget; ok: true; data: CrmSendData }
  | { target: CrmTarget; ok: false; message: string }

function skippedNote(skipped: number): string {
  if (skipped === 0) return ''
  return ` ${leadCount(skipped)} marked do-not-call ${skipped === 1 ? 'was' : 'were'} left out.`
}

/**
 * "Queued for Webhook: 3 leads — see the delivery log. 1 lead marked do-not-call was left out."
 * The server answers once the leads are queued, before any CRM has them: the text says queued,
 * never delivered; the delivery log tells the outcome.
 */
export function crmResultText(result: CrmSendResult): string {
  const label = CRM_TARGET_LABELS[result.target]
  if (!result.ok) return `${label}: failed. ${result.message}`
  const { status, queued, skipped_do_not_call: skipped } = result.data
  if (status === 'nothing_to_send') return `${label}: nothing to send.${skippedNote(skipped)}`
  return `Queued for ${label}: ${leadCount(queued)} — see the delivery log.${skippedNote(skipped)}`
}

/** Whether a destination took the send (queued, or nothing to send): not a refusal. */
export function crmResultSucceeded(result: CrmSendResult): boolean {
  return result.ok
}
