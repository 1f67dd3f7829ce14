import * as Dialog from '@radix-ui/react-dialog'
import { LEAD_STATUS_LABELS, type Lead, type LeadStatus } from '../../../../api/schemas/leads.ts'
import { leadName } from './lead-format.ts'
import styles from './lead-dialogs.module.css'

/** A do-not-call lead the agent asked to move back to `status`, waiting for their word. */
export interface LeaveDoNotCall {
  lead: Lead
  status: Exclude<LeadStatus, 'do_not_call'>
}

interface LeaveDoNotCallDialogProps {
  request: LeaveDoNotCall | null
  onCancel: () => void
  onConfirm: (request: LeaveDoNotCall) => void
  /** Focus goes back to the status menu it came from. */
  onCloseAutoFocus: (event: Event) => void
}

/**
 * Confirms taking a lead off do-not-call: it makes the number callable from the page and sends
 * the lead to CRMs again, so one slip of the status menu (an arrow key on Windows) must not do it.
 */
export function LeaveDoNotCallDialog({
  request,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: LeaveDoNotCallDialogProps) {
  return (
    <Dialog.Root
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          role="alertdialog"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {request && (
            <>
              <Dialog.Title className={styles.dialogTitle}>
                Take {leadName(request.lead)} off do-not-call?
              </Dialog.Title>
              <Dialog.Description className={styles.dialogText}>
                Only if the owner asked you to call. The number becomes a call link on this page
                again and the lead goes to your CRM with the next send.
              </Dialog.Description>
              <div className={styles.dialogActions}>
                <Dialog.Close className="button button-secondary">Keep do-not-call</Dialog.Close>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    onConfirm(request)
                  }}
                >
                  Mark {LEAD_STATUS_LABELS[request.status].toLowerCase()}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
