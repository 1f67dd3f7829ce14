import type { CrmAttempt, CrmDelivery, CrmDeliveryStatus } from '../../../../api/schemas/leads.ts'
import { CRM_TARGET_LABELS } from './crm-send-results.ts'
import { formatDateTime } from '../format.ts'
import styles from './lead-dialogs.module.css'

export const NO_DELIVERIES_MESSAGE = 'No deliveries yet.'

export const DELIVERY_STATUS_LABELS: Record<CrmDeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Delivered',
  failed: 'Failed',
}

const STATUS_TONES: Record<CrmDeliveryStatus, 'success' | 'danger' | 'pending'> = {
  queued: 'pending',
  sending: 'pending',
  sent: 'success',
  failed: 'danger',
}

/** Whether the log still waits for an outcome: the dialog then looks again now and then. */
export function hasPendingDeliveries(deliveries: readonly CrmDelivery[]): boolean {
  return deliveries.some((d) => d.status === 'queued' || d.status === 'sending')
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** "03/16/2025, 3:30 PM: HTTP 503", or "…: delivered (HTTP 200)". */
function attemptText(a: CrmAttempt): string {
  const status = a.status_code !== null ? ` (HTTP ${a.status_code})` : ''
  return `${formatDateTime(a.at)}: ${a.error ?? `delivered${status}`}`
}

/** What is next for a delivery not finished, or why it failed. */
function DeliveryNote({ delivery: d }: { delivery: CrmDelivery }) {
  if (d.status === 'failed' && d.last_error) {
    return <p className={styles.deliveryError}>{d.last_error}</p>
  }
  if (d.status === 'queued' && d.attempts.length > 0 && d.next_attempt_at) {
    return (
      <p className={styles.deliveryFacts}>
        {d.last_error ? `${d.last_error}. ` : ''}Next try {formatDateTime(d.next_attempt_at)}.
      </p>
    )
  }
  return null
}

/**
 * The recent CRM deliveries, newest first: where, how many leads, where each stands (queued,
 * sending, delivered, failed), and every attempt with its time and outcome.
 */
export function DeliveryLog({ deliveries }: { deliveries: readonly CrmDelivery[] }) {
  return (
    <section className={styles.settingsSection} aria-labelledby="crm-deliveries-title">
      <h3 id="crm-deliveries-title" className={styles.settingsTitle}>
        Recent deliveries
      </h3>
      {deliveries.length === 0 ? (
        <p className={styles.settingsText}>
          {NO_DELIVERIES_MESSAGE} Every send to your CRM shows here with its outcome.
        </p>
      ) : (
        <ul className={styles.deliveries}>
          {deliveries.map((d) => (
            <li
              key={d.delivery_id}
              className={styles.delivery}
              data-delivery={d.delivery_id}
              data-status={d.status}
            >
              <div className={styles.deliveryHead}>
                <span className={styles.deliveryTarget}>{CRM_TARGET_LABELS[d.target]}</span>
                <span className={styles.outcome} data-tone={STATUS_TONES[d.status]}>
                  {DELIVERY_STATUS_LABELS[d.status]}
                </span>
              </div>
              <p className={styles.deliveryFacts}>
                {formatDateTime(d.created_at)} · {plural(d.lead_count, 'lead')} ·{' '}
                {plural(d.attempts.length, 'attempt')}
                {d.last_status !== null && <> · HTTP {d.last_status}</>}
              </p>
              <DeliveryNote delivery={d} />
              {d.attempts.length > 0 && (
                <details className={styles.attempts}>
                  <summary>Attempts</summary>
                  <ol>
                    {d.attempts.map((a) => (
                      <li key={a.attempt} value={a.attempt}>
                        {attemptText(a)}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
