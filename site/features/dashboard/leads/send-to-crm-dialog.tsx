import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import { toast } from '../../../lib/toast.tsx'
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
import type { CrmSettings } from './use-crm-settings.ts'
import styles from './lead-dialogs.module.css'

interface SendToCrmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The leads ticked in the table (any page). */
  selectedIds: readonly string[]
  crm: CrmSettings
  onOpenSettings: () => void
}

async function sendTo(target: CrmTarget, ids: readonly string[] | undefined) {
  try {
    const result: CrmSendResult =
      target === 'webhook'
        ? { target, ok: true, data: await exportLeadsWebhook(ids) }
        : { target, ok: true, data: await exportLeadsFollowUpBoss(ids) }
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
 * leaves do-not-call leads out; each destination's outcome stays in the dialog and in a toast.
 */
export function SendToCrmDialog(props: SendToCrmDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          {/* Mounted per opening, so every opening starts from the current selection. */}
          {props.open && <SendToCrmForm {...props} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function SendToCrmForm({ selectedIds, crm, onOpenSettings }: SendToCrmDialogProps) {
  const settings = crm.state.status === 'ready' ? crm.state.data : null
  const connected: CrmTarget[] = []
  if (settings?.webhook) connected.push('webhook')
  if (settings?.follow_up_boss) connected.push('follow_up_boss')

  const [scope, setScope] = useState<'selected' | 'all'>(selectedIds.length ? 'selected' : 'all')
  // What was unticked, not what is ticked: a CRM found connected after opening starts ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<CrmTarget>>(new Set())
  const chosen = connected.filter((t) => !unticked.has(t))
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<CrmSendResult[]>([])
  const groupId = useId()

  async function send() {
    setBusy(true)
    setResults([])
    const ids = scope === 'selected' ? selectedIds : undefined
    const outcome = await Promise.all(chosen.map((t) => sendTo(t, ids)))
    setResults(outcome)
    setBusy(false)
    const text = outcome.map(crmResultText).join(' ')
    if (outcome.every(crmResultSucceeded)) toast.success(text)
    else toast.error(text)
    crm.reload()
  }

  return (
    <>
      <Dialog.Title className={styles.dialogTitle}>Send leads to your CRM</Dialog.Title>
      <Dialog.Description className={styles.dialogText}>
        Leads marked do-not-call are never sent; the result says how many were left out.
      </Dialog.Description>
      {crm.state.status === 'loading' ? (
        <p className={styles.settingsText}>Checking which CRMs are connected…</p>
      ) : connected.length === 0 ? (
        <div className={styles.noCrm}>
          <p className={styles.settingsText}>
            No CRM is connected yet. Add a webhook or your Follow Up Boss API key first.
          </p>
          <button type="button" className="button button-primary" onClick={onOpenSettings}>
            Open CRM settings
          </button>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <fieldset className={styles.choices}>
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
              Selected leads ({selectedIds.length})
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
          {results.length > 0 && (
            <ul className={styles.results} role="status">
              {results.map((r) => (
                <li key={r.target} data-tone={crmResultSucceeded(r) ? 'success' : 'danger'}>
                  {crmResultText(r)}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.dialogActions}>
            <Dialog.Close className="button button-secondary" disabled={busy}>
              {results.length ? 'Done' : 'Cancel'}
            </Dialog.Close>
            <button
              type="submit"
              className="button button-primary"
              disabled={busy || chosen.length === 0}
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
      )}
    </>
  )
}
