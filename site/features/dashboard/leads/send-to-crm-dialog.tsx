import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useState } from 'react'
import { toast } from '../../../lib/toast.tsx'
import { ErrorPanel } from '../status-views.tsx'
import { exportLeadsFollowUpBoss } from './api/export-leads-follow-up-boss.ts'
import { exportLeadsWebhook } from './api/export-leads-webhook.ts'
import {
  CRM_TARGET_LABELS,
  crmResultSucceeded,
  crmResultText,
  type CrmSendResult,
  type CrmTarget,
} from './crm-send-results.ts'
import { connectedLabel } from './follow-up-boss-settings.tsx'
import { leadSaveErrorMessage } from './lead-errors.ts'
import { leadCount } from './lead-format.ts'
import { MAX_SELECTED } from './lead-selection.ts'
import type { CrmSettings } from './use-crm-settings.ts'
import styles from './lead-dialogs.module.css'

interface SendToCrmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The leads ticked in the table (any page), at most MAX_SELECTED. */
  selectedIds: readonly string[]
  crm: CrmSettings
  onOpenSettings: () => void
  /** Where focus goes when the dialog closes (the button that opened it). */
  onCloseAutoFocus: (event: Event) => void
}

/** What the dialog says about how much one send takes and how it goes. */
export const SEND_LIMITS_TEXT = `A selection holds up to ${MAX_SELECTED.toLocaleString('en-US')} leads. All your leads go in batches (up to ${MAX_SELECTED.toLocaleString('en-US')} per webhook delivery, one at a time to Follow Up Boss). Sends are queued and delivered in the background; if your CRM is down they are tried again for several hours. The delivery log in CRM settings shows how each went.`

async function sendTo(target: CrmTarget, ids: readonly string[] | undefined) {
  try {
    const data =
      target === 'webhook' ? await exportLeadsWebhook(ids) : await exportLeadsFollowUpBoss(ids)
    const result: CrmSendResult = { target, ok: true, data }
    return result
  } catch (error) {
    const failed: CrmSendResult = {
      target,
      ok: false,
      message: leadSaveErrorMessage(error) ?? 'The session expired.',
    }
    return failed
  }
}

/**
 * Send to CRM: the selected leads or all of them, to whichever CRMs are connected. The server
 * leaves do-not-call leads out and queues the rest; each destination's answer (queued, or why
 * not) stays in the dialog and in a toast, with the way to the delivery log, which tells what the
 * CRM made of them. While sending it cannot be closed (Escape, the overlay), so the same leads
 * are not queued twice.
 */
export function SendToCrmDialog(props: SendToCrmDialogProps) {
  const [busy, setBusy] = useState(false)
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (!open && busy) return
        props.onOpenChange(open)
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} onCloseAutoFocus={props.onCloseAutoFocus}>
          {/* Mounted per opening, so every opening starts from the current selection. */}
          {props.open && <SendToCrmForm {...props} busy={busy} onBusy={setBusy} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function CloseButton({
  label = 'Cancel',
  disabled = false,
}: {
  label?: string
  disabled?: boolean
}) {
  return (
    <Dialog.Close className="button button-secondary" disabled={disabled}>
      {label}
    </Dialog.Close>
  )
}

function SendToCrmForm({
  selectedIds,
  crm,
  onOpenSettings,
  busy,
  onBusy,
}: SendToCrmDialogProps & { busy: boolean; onBusy: (busy: boolean) => void }) {
  const { state, reload } = crm
  // Connected in another tab, or a failed load: ask again each time the dialog opens.
  useEffect(() => {
    reload()
  }, [reload])

  const settings = state.status === 'ready' ? state.data : null
  const connected: CrmTarget[] = []
  if (settings?.webhook) connected.push('webhook')
  if (settings?.follow_up_boss) connected.push('follow_up_boss')

  const [scope, setScope] = useState<'selected' | 'all'>(selectedIds.length ? 'selected' : 'all')
  // What was unticked, not what is ticked: a CRM found connected after opening starts ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<CrmTarget>>(new Set())
  const chosen = connected.filter((t) => !unticked.has(t))
  const [results, setResults] = useState<CrmSendResult[]>([])
  const groupId = useId()
  const limitsId = useId()

  async function send() {
    if (busy) return
    onBusy(true)
    setResults([])
    const ids = scope === 'selected' ? selectedIds : undefined
    const outcome = await Promise.all(chosen.map((t) => sendTo(t, ids)))
    setResults(outcome)
    onBusy(false)
    const text = outcome.map(crmResultText).join(' ')
    if (outcome.every(crmResultSucceeded)) toast.success(text)
    else toast.error(text)
    reload()
  }

  const title = (
    <>
      <Dialog.Title className={styles.dialogTitle}>Send leads to your CRM</Dialog.Title>
      <Dialog.Description className={styles.dialogText}>
        Leads marked do-not-call are never sent; the result says how many were left out.
      </Dialog.Description>
    </>
  )

  if (state.status === 'loading') {
    return (
      <>
        {title}
        <p className={styles.settingsText} role="status">
          Checking which CRMs are connected…
        </p>
        <div className={styles.dialogActions}>
          <CloseButton />
        </div>
      </>
    )
  }
  if (state.status === 'error') {
    return (
      <>
        {title}
        {state.message !== null && (
          <ErrorPanel
            title="Your CRM settings could not be loaded"
            message={state.message}
            onRetry={reload}
          />
        )}
        <div className={styles.dialogActions}>
          <CloseButton />
        </div>
      </>
    )
  }
  if (connected.length === 0) {
    return (
      <>
        {title}
        <p className={styles.settingsText}>
          No CRM is connected yet. Add a webhook or your Follow Up Boss API key first.
        </p>
        <div className={styles.dialogActions}>
          <CloseButton />
          <button type="button" className="button button-primary" onClick={onOpenSettings}>
            Open CRM settings
          </button>
        </div>
      </>
    )
  }

  return (
    <>
      {title}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <fieldset className={styles.choices} aria-describedby={limitsId}>
          <legend className={styles.fieldLabel}>Which leads</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${groupId}-scope`}
              checked={scope === 'selected'}
              disabled={selectedIds.length === 0}
              onChange={() => {
                setScope('selected')
              }}
            />
            Selected leads ({selectedIds.length.toLocaleString('en-US')})
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${groupId}-scope`}
              checked={scope === 'all'}
              onChange={() => {
                setScope('all')
              }}
            />
            All your leads (filters do not apply)
          </label>
          <p id={limitsId} className={styles.fieldHint}>
            {SEND_LIMITS_TEXT}
          </p>
        </fieldset>
        <fieldset className={styles.choices}>
          <legend className={styles.fieldLabel}>Send to</legend>
          {connected.map((target) => (
            <label key={target} className={styles.choice}>
              <input
                type="checkbox"
                checked={!unticked.has(target)}
                onChange={(event) => {
                  const next = new Set(unticked)
                  if (event.target.checked) next.delete(target)
                  else next.add(target)
                  setUnticked(next)
                }}
              />
              {CRM_TARGET_LABELS[target]}
              <span className={styles.choiceHint}>
                {target === 'webhook'
                  ? settings?.webhook?.url
                  : connectedLabel(settings?.follow_up_boss?.key_last4 ?? '')}
              </span>
            </label>
          ))}
        </fieldset>
        {/* Always on the page, so screen readers announce the results when they arrive. */}
        <ul className={styles.results} role="status">
          {results.map((r) => (
            <li key={r.target} data-tone={crmResultSucceeded(r) ? 'success' : 'danger'}>
              {crmResultText(r)}
            </li>
          ))}
        </ul>
        <div className={styles.dialogActions}>
          <CloseButton label={results.length ? 'Done' : 'Cancel'} disabled={busy} />
          {results.some((r) => r.ok && r.data.status === 'queued') && (
            <button type="button" className="button button-secondary" onClick={onOpenSettings}>
              See the delivery log
            </button>
          )}
          {/* aria-disabled while sending, not disabled: a disabled button would drop focus. */}
          <button
            type="submit"
            className="button button-primary"
            disabled={chosen.length === 0}
            aria-disabled={busy || undefined}
            aria-busy={busy}
          >
            {busy
              ? 'Sending…'
              : scope === 'selected'
                ? `Send ${leadCount(selectedIds.length)}`
                : 'Send all leads'}
          </button>
        </div>
      </form>
    </>
  )
}
