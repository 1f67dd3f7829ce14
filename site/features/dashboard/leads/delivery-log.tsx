import type { CrmDelivery } from '../../../../api/schemas/leads.ts'
import { CRM_TARGET_LABELS } from './crm-send-results.ts'
import { formatDateTime } from '../format.ts'
import styles from './lead-dialogs.module.css'

export const NO_DELIVERIES_MESSAGE = 'No deliveries yet.'

/** The recent CRM deliveries, newest first: where, how many leads, attempts, and the outcome. */
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
            <li key={d.delivery_id} className={styles.delivery} data-delivery={d.delivery_id}>
              <div className={styles.deliveryHead}>
                <span className={styles.deliveryTarget}>{CRM_TARGET_LABELS[d.target]}</span>
                <span className={styles.outcome} data-tone={d.delivered ? 'success' : 'danger'}>
                  {d.delivered ? 'Delivered' : 'Failed'}
                </span>
              </div>
              <p className={styles.deliveryFacts}>
                {formatDateTime(d.created_at)} · {d.lead_count} lead{d.lead_count === 1 ? '' : 's'}{' '}
                · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                {d.last_status !== null && <> · HTTP {d.last_status}</>}
              </p>
              {!d.delivered && d.last_error && (
                <p className={styles.deliveryError}>{d.last_error}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
