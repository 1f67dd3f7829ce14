import type { FieldHealth } from '../../../../api/schemas/fill-reports.ts'
import { FILL_REPORT_LIMITS } from '../../../../api/schemas/fill-reports.ts'
import { AlertIcon } from '../dashboard-icons.tsx'
import { FORM_FIELD_NAMES } from '../../../../api/schemas/marketplace-form-profile.ts'
import { rateLabel } from './health-rules.ts'
import styles from './form-health.module.css'

export const NEEDS_ATTENTION = 'Needs attention'

/**
 * One row per form field (already sorted): the window's numbers, the recent rate the alert is
 * judged on, and the labels agents taught. Cards on phones, a table from 768 px.
 */
export function FieldHealthTable({
  fields,
  days,
}: {
  fields: readonly FieldHealth[]
  days: number
}) {
  return (
    <table className={styles.table}>
      <caption className="sr-only">Fill results per form field, last {days} days</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Fills</th>
          <th scope="col">Filled</th>
          <th scope="col">Not found</th>
          <th scope="col">Rate ({days} days)</th>
          <th scope="col">Recent rate (last {FILL_REPORT_LIMITS.recentFills})</th>
          <th scope="col">Taught labels</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.field} data-alert={f.alert ? 'true' : undefined} data-field={f.field}>
            <th scope="row" className={styles.fieldCell}>
              <span className={styles.fieldName}>{FORM_FIELD_NAMES[f.field]}</span>
              {f.alert && (
                <span className={styles.alertFlag}>
                  <AlertIcon size={14} />
                  {NEEDS_ATTENTION}
                </span>
              )}
            </th>
            <td data-label="Fills" className={styles.number}>
              {f.fills.toLocaleString('en-US')}
            </td>
            <td data-label="Filled" className={styles.number}>
              {f.filled.toLocaleString('en-US')}
            </td>
            <td data-label="Not found" className={styles.number}>
              {f.not_found.toLocaleString('en-US')}
            </td>
            <td data-label={`Rate (${days} days)`} className={styles.number}>
              {rateLabel(f.rate)}
            </td>
            <td
              data-label={`Recent rate (last ${FILL_REPORT_LIMITS.recentFills})`}
              className={styles.number}
            >
              <span className={f.alert ? styles.alertRate : undefined}>
                {rateLabel(f.recent.rate)}
              </span>
              {f.recent.fills > 0 && (
                <span className={styles.muted}>
                  {f.recent.filled} of {f.recent.fills}
                </span>
              )}
            </td>
            <td data-label="Taught labels" className={styles.labelsCell}>
              {f.taught_labels.length === 0 ? (
                <span className={styles.muted}>None</span>
              ) : (
                <ul
                  className={styles.labels}
                  aria-label={`Labels taught for ${FORM_FIELD_NAMES[f.field]}`}
                >
                  {f.taught_labels.map((t) => (
                    <li key={t.label} className={styles.label}>
                      <span className={styles.labelText}>{t.label}</span>
                      <span className={styles.labelCount}>
                        ×{t.count}
                        <span className="sr-only"> {t.count === 1 ? 'time' : 'times'}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
