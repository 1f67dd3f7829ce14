import type { CrmSendData, CrmTarget } from '../../api/schemas/leads.ts'
import { leadsText, skippedNote } from './crm-export-leads.ts'

const QUEUED_FOR: Record<CrmTarget, string> = {
  webhook: 'your webhook',
  follow_up_boss: 'Follow Up Boss',
}

/**
 * What Send to CRM answers once the deliveries are queued: how many, and where to see how they
 * go. Nothing was delivered yet, so nothing here says it was.
 */
export function crmSendAnswer(
  target: CrmTarget,
  send: { exportId: string; deliveries: number; queued: number; skipped: number },
): { data: CrmSendData; message: string } {
  const skipped = skippedNote(send.skipped)
  if (send.deliveries === 0) {
    return {
      data: {
        status: 'nothing_to_send',
        export_id: null,
        deliveries: 0,
        queued: 0,
        skipped_do_not_call: send.skipped,
      },
      message: `Nothing to send.${skipped}`,
    }
  }
  return {
    data: {
      status: 'queued',
      export_id: send.exportId,
      deliveries: send.deliveries,
      queued: send.queued,
      skipped_do_not_call: send.skipped,
    },
    message: `${leadsText(send.queued)} queued for ${QUEUED_FOR[target]}: see the delivery log in CRM settings.${skipped}`,
  }
}
