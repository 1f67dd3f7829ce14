import * as Dialog from '@radix-ui/react-dialog'
import { useEffect } from 'react'
import { CloseIcon } from '../../../components/icons.tsx'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { DeliveryLog, hasPendingDeliveries } from './delivery-log.tsx'
import { FollowUpBossSettings } from './follow-up-boss-settings.tsx'
import type { CrmSettings } from './use-crm-settings.ts'
import { WebhookSettings } from './webhook-settings.tsx'
import styles from './lead-dialogs.module.css'

interface CrmSettingsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  crm: CrmSettings
  /** Focus goes back to the button that opened it. */
  onCloseAutoFocus: (event: Event) => void
}

/** How often the open dialog looks again while a delivery waits for its outcome. */
export const DELIVERY_LOG_REFRESH_MS = 5000

/**
 * Where Send to CRM goes (a webhook, Follow Up Boss) and what was delivered lately. Deliveries
 * are made in the background, so while one is queued or sending the log is loaded again every
 * few seconds.
 */
export function CrmSettingsDialog({
  open,
  onOpenChange,
  crm,
  onCloseAutoFocus,
}: CrmSettingsDialogProps) {
  const { state, reload } = crm
  const pending = open && state.status === 'ready' && hasPendingDeliveries(state.data.deliveries)
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(reload, DELIVERY_LOG_REFRESH_MS)
    return () => {
      clearInterval(timer)
    }
  }, [pending, reload])
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.dialog} ${styles.wideDialog}`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className={styles.dialogHead}>
            <Dialog.Title className={styles.dialogTitle}>CRM settings</Dialog.Title>
            <Dialog.Close className={styles.closeButton} aria-label="Close">
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogText}>
            Send leads straight to your CRM: to a webhook, to Follow Up Boss, or both. Leads marked
            do-not-call are never sent.
          </Dialog.Description>
          {state.status === 'loading' && <Spinner label="Loading your CRM settings…" />}
          {state.status === 'error' && state.message !== null && (
            <ErrorPanel
              title="Your CRM settings could not be loaded"
              message={state.message}
              onRetry={reload}
            />
          )}
          {state.status === 'ready' && (
            <div className={styles.settings}>
              <WebhookSettings webhook={state.data.webhook} onSaved={reload} />
              <FollowUpBossSettings account={state.data.follow_up_boss} onSaved={reload} />
              <DeliveryLog deliveries={state.data.deliveries} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
