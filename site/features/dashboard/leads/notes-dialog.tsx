import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import { LEAD_LIMITS, type Lead } from '../../../../api/schemas/leads.ts'
import { toast } from '../../../lib/toast.tsx'
import { updateLead } from './api/update-lead.ts'
import { leadName } from './lead-format.ts'
import { leadSaveErrorMessage } from './lead-errors.ts'
import styles from './lead-dialogs.module.css'

export const NOTES_SAVED_MESSAGE = 'Notes saved.'

interface NotesDialogProps {
  lead: Lead
  onClose: () => void
  onSaved: (lead: Lead) => void
  /** Focus goes back to the row's notes button. */
  onCloseAutoFocus: (event: Event) => void
}

/**
 * A lead's notes, edited in a dialog (Radix: focus trapped, Escape closes) and saved with
 * POST /leads/update. A failed save keeps the dialog open with what was typed and says why, in
 * the dialog only (an alert there; a toast too would say it twice).
 */
export function NotesDialog({ lead, onClose, onSaved, onCloseAutoFocus }: NotesDialogProps) {
  const [text, setText] = useState(lead.notes)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const fieldId = useId()
  const countId = useId()
  const name = leadName(lead)

  async function save() {
    setBusy(true)
    setError(null)
    try {
      const saved = await updateLead({ lead_id: lead._id, notes: text })
      onSaved(saved)
      toast.success(NOTES_SAVED_MESSAGE)
      onClose()
    } catch (failure) {
      setError(leadSaveErrorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className={styles.dialogTitle}>Notes for {name}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>
            Only you see these notes. They go into the CSV export and to your CRM.
          </Dialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void save()
            }}
          >
            <label htmlFor={fieldId} className={styles.fieldLabel}>
              Notes
            </label>
            <textarea
              id={fieldId}
              className={styles.textarea}
              rows={6}
              maxLength={LEAD_LIMITS.notesMaxLength}
              value={text}
              aria-describedby={countId}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setText(event.target.value)
              }}
            />
            <p id={countId} className={styles.fieldHint}>
              {text.length.toLocaleString('en-US')} of{' '}
              {LEAD_LIMITS.notesMaxLength.toLocaleString('en-US')} characters
            </p>
            {error && (
              <p className={styles.formError} role="alert">
                {error}
              </p>
            )}
            <div className={styles.dialogActions}>
              <Dialog.Close className="button button-secondary" disabled={busy}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className="button button-primary"
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? 'Saving…' : 'Save notes'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
