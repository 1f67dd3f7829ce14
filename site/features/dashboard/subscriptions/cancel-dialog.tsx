import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { toast } from '../../../lib/toast.tsx'
import { cancelSubscription } from '../api/cancel-subscription.ts'
import { formatDate } from '../format.ts'
import {
  CANCEL_SUCCESS_MESSAGE,
  cancelErrorMessage,
  NO_SUBSCRIPTION_MESSAGE,
} from './cancel-rules.ts'
import dialogStyles from '../components/dialog.module.css'
import styles from './subscriptions.module.css'

interface CancelSubscriptionProps {
  subscriptionId: string | null
  planName: string
  expiry: string | null
  /** Bought during the free trial and not charged yet: cancelling means no charge at all. */
  trialing?: boolean
  /** Called after a successful cancel, to load the dashboard again. */
  onCancelled: () => void
}

/**
 * Cancel Subscription (docs/product.md#cancel), confirmed in a dialog (Radix: focus trapped,
 * Escape and the Keep button close it). Without a subscription id it says so and asks nothing.
 */
export function CancelSubscription({
  subscriptionId,
  planName,
  expiry,
  trialing = false,
  onCancelled,
}: CancelSubscriptionProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const until = formatDate(expiry)

  async function confirm(id: string) {
    setBusy(true)
    try {
      await cancelSubscription(id)
      toast.success(CANCEL_SUCCESS_MESSAGE)
      onCancelled()
    } catch (error) {
      const message = cancelErrorMessage(error)
      if (message !== null) toast.error(message)
    }
    setBusy(false)
    setOpen(false)
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        if (next && !subscriptionId) {
          toast.error(NO_SUBSCRIPTION_MESSAGE)
          return
        }
        setOpen(next)
      }}
    >
      <Dialog.Trigger className={`button ${styles.cancelButton}`}>
        Cancel Subscription
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogStyles.overlay} />
        <Dialog.Content
          className={dialogStyles.dialog}
          role="alertdialog"
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault()
          }}
          onPointerDownOutside={(event) => {
            event.preventDefault()
          }}
        >
          <Dialog.Title className={dialogStyles.dialogTitle}>
            Cancel your subscription?
          </Dialog.Title>
          <Dialog.Description className={dialogStyles.dialogText}>
            {trialing
              ? `Your free trial and your ${planName} plan stay active until ${until}. After that your account is downgraded, and nothing is ever charged.`
              : `Your ${planName} plan stays active until ${until}. After that your account is downgraded and you will not be charged again.`}
          </Dialog.Description>
          <div className={dialogStyles.dialogActions}>
            <Dialog.Close className="button button-secondary" disabled={busy}>
              Keep Subscription
            </Dialog.Close>
            <button
              type="button"
              className={`button ${styles.dangerButton}`}
              disabled={busy}
              aria-busy={busy}
              onClick={() => {
                if (subscriptionId) void confirm(subscriptionId)
              }}
            >
              {busy ? 'Cancelling…' : 'Yes, Cancel Subscription'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
