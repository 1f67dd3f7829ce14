import { useId, useState } from 'react'
import type { CrmSettingsData } from '../../../../api/schemas/leads.ts'
import { toast } from '../../../lib/toast.tsx'
import { setFollowUpBoss } from './api/set-follow-up-boss.ts'
import { fieldErrorMessage } from './lead-errors.ts'
import styles from './lead-dialogs.module.css'

/** "Connected (…a1b2)": which key is saved, without showing it. */
export function connectedLabel(last4: string): string {
  return `Connected (…${last4})`
}

/** Follow Up Boss: the API key, saved and never shown again; its last four say which one. */
export function FollowUpBossSettings({
  account,
  onSaved,
}: {
  account: CrmSettingsData['follow_up_boss']
  onSaved: () => void
}) {
  const [key, setKey] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [last4, setLast4] = useState(account?.key_last4 ?? null)
  const fieldId = useId()
  const errorId = useId()

  async function save() {
    setBusy(true)
    setError(null)
    try {
      const saved = await setFollowUpBoss(key)
      setLast4(saved.key_last4)
      setKey('')
      toast.success('Follow Up Boss connected.')
      onSaved()
    } catch (failure) {
      setError(fieldErrorMessage(failure, 'api_key'))
    }
    setBusy(false)
  }

  return (
    <section className={styles.settingsSection} aria-labelledby={`${fieldId}-title`}>
      <div className={styles.settingsHead}>
        <h3 id={`${fieldId}-title`} className={styles.settingsTitle}>
          Follow Up Boss
        </h3>
        <span
          className={styles.connection}
          data-connected={last4 ? 'true' : 'false'}
          data-follow-up-boss=""
        >
          {last4 ? connectedLabel(last4) : 'Not connected'}
        </span>
      </div>
      <p className={styles.settingsText}>
        Each lead becomes a “Seller Inquiry” in Follow Up Boss. Find your API key there under Admin
        → API.
      </p>
      <form
        className={styles.inlineForm}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <label htmlFor={fieldId} className={styles.fieldLabel}>
          {last4 ? 'Replace the API key' : 'API key'}
        </label>
        <div className={styles.inlineRow}>
          <input
            id={fieldId}
            name="api_key"
            type="password"
            className={styles.input}
            autoComplete="off"
            spellCheck={false}
            required
            value={key}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setKey(event.target.value)
            }}
          />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save key'}
          </button>
        </div>
        {error && (
          <p id={errorId} className={styles.formError} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}
