import { useId, useState } from 'react'
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type CrmSettingsData,
} from '../../../../api/schemas/leads.ts'
import { toast } from '../../../lib/toast.tsx'
import { setLeadWebhook } from './api/set-lead-webhook.ts'
import { formatDate } from '../format.ts'
import { fieldErrorMessage } from './lead-errors.ts'
import { CopyIcon } from './lead-icons.tsx'
import styles from './lead-dialogs.module.css'

export const SECRET_COPIED_MESSAGE = 'Signing secret copied.'

/**
 * The CRM webhook: its URL, and after a save the signing secret, shown this once (the server
 * keeps no way to show it again) with a copy button and how to check a delivery with it.
 */
export function WebhookSettings({
  webhook,
  onSaved,
}: {
  webhook: CrmSettingsData['webhook']
  onSaved: () => void
}) {
  const [url, setUrl] = useState(webhook?.url ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const fieldId = useId()
  const errorId = useId()

  async function save() {
    setBusy(true)
    setError(null)
    try {
      const saved = await setLeadWebhook(url)
      setUrl(saved.url)
      setSecret(saved.secret)
      toast.success('Webhook saved. Copy the secret now: it is shown only once.')
      onSaved()
    } catch (failure) {
      setError(fieldErrorMessage(failure, 'url'))
    }
    setBusy(false)
  }

  return (
    <section className={styles.settingsSection} aria-labelledby={`${fieldId}-title`}>
      <div className={styles.settingsHead}>
        <h3 id={`${fieldId}-title`} className={styles.settingsTitle}>
          Webhook
        </h3>
        <span className={styles.connection} data-connected={webhook ? 'true' : 'false'}>
          {webhook ? 'Connected' : 'Not set up'}
        </span>
      </div>
      <p className={styles.settingsText}>
        Each send is one POST of JSON with the leads to a URL you control (Zapier, Make, your own
        CRM). {webhook && <>Saved {formatDate(webhook.updated_at)}.</>}
      </p>
      <form
        className={styles.inlineForm}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <label htmlFor={fieldId} className={styles.fieldLabel}>
          Webhook URL
        </label>
        <div className={styles.inlineRow}>
          <input
            id={fieldId}
            name="webhook_url"
            type="url"
            inputMode="url"
            className={styles.input}
            placeholder="https://hooks.example.com/listingbridge"
            autoComplete="off"
            required
            value={url}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setUrl(event.target.value)
            }}
          />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save webhook'}
          </button>
        </div>
        {error && (
          <p id={errorId} className={styles.formError} role="alert">
            {error}
          </p>
        )}
      </form>
      {secret && <SecretOnce secret={secret} />}
      <p className={styles.settingsText}>
        Every delivery carries <code>{WEBHOOK_SIGNATURE_HEADER}: sha256=&lt;hex&gt;</code>, the
        HMAC-SHA256 of the raw request body keyed with your signing secret. Compute it over the
        bytes exactly as received and compare before trusting a delivery. Saving the webhook again
        makes a new secret. A delivery your webhook does not answer with 2xx is tried again later
        with the same <code>{WEBHOOK_DELIVERY_HEADER}</code> id: drop one you already have.
      </p>
    </section>
  )
}

function SecretOnce({ secret }: { secret: string }) {
  const fieldId = useId()
  return (
    <div className={styles.secretBox} data-webhook-secret="">
      <label htmlFor={fieldId} className={styles.fieldLabel}>
        Signing secret (shown only this once)
      </label>
      <div className={styles.inlineRow}>
        <input
          id={fieldId}
          className={`${styles.input} ${styles.secret}`}
          readOnly
          value={secret}
          onFocus={(event) => {
            event.target.select()
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            navigator.clipboard.writeText(secret).then(
              () => {
                toast.success(SECRET_COPIED_MESSAGE)
              },
              () => {
                toast.error('Copying failed: select the secret and copy it yourself.')
              },
            )
          }}
        >
          <CopyIcon size={16} />
          Copy
        </button>
      </div>
      <p className={styles.fieldHint}>
        Copy it into your receiver now. After you close this window it cannot be shown again.
      </p>
    </div>
  )
}
