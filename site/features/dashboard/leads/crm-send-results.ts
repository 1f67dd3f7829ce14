import type { RouteData } from '../../../../api/routes.ts'
import { leadCount } from './lead-format.ts'

export type CrmTarget = 'webhook' | 'follow_up_boss'

export const CRM_TARGET_LABELS: Record<CrmTarget, string> = {
  webhook: 'Webhook',
  follow_up_boss: 'Follow Up Boss',
}

/** One destination's outcome of Send to CRM, as the dialog and the toast tell it. */
export type CrmSendResult =
  | { target: 'webhook'; ok: true; data: RouteData<'exportLeadsWebhook'> }
  | { target: 'follow_up_boss'; ok: true; data: RouteData<'exportLeadsFollowUpBoss'> }
  | { target: CrmTarget; ok: false; message: string }

function skippedNote(skipped: number): string {
  if (skipped === 0) return ''
  return ` ${leadCount(skipped)} marked do-not-call ${skipped === 1 ? 'was' : 'were'} left out.`
}

/** "Webhook: 3 leads delivered. 1 lead marked do-not-call was left out." and the like. */
export function crmResultText(result: CrmSendResult): string {
  const label = CRM_TARGET_LABELS[result.target]
  if (!result.ok) return `${label}: failed. ${result.message}`
  if (result.target === 'webhook') {
    const { sent, delivered, skipped_do_not_call: skipped } = result.data
    if (sent === 0) return `${label}: nothing to send.${skippedNote(skipped)}`
    const outcome = delivered ? 'delivered' : 'not delivered'
    return `${label}: ${leadCount(sent)} ${outcome}.${skippedNote(skipped)}`
  }
  const { sent, failed, skipped_do_not_call: skipped } = result.data
  if (sent === 0 && failed === 0) return `${label}: nothing to send.${skippedNote(skipped)}`
  const failedNote = failed ? ` ${failed} failed; try them again later.` : ''
  return `${label}: ${leadCount(sent)} sent.${failedNote}${skippedNote(skipped)}`
}

/** Whether a destination took everything it was sent (what was left out as do-not-call aside). */
export function crmResultSucceeded(result: CrmSendResult): boolean {
  if (!result.ok) return false
  if (result.target === 'webhook') return result.data.delivered || result.data.sent === 0
  return result.data.failed === 0
}
