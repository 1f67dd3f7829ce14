import { useMemo, useState } from 'react'
import {
  FILL_REPORT_LIMITS,
  NOT_AN_OPERATOR_MESSAGE,
} from '../../../../api/schemas/fill-reports.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { FieldHealthTable } from './field-health-table.tsx'
import { FillRateChart } from './fill-rate-chart.tsx'
import {
  DEFAULT_WINDOW,
  healthSummary,
  noFillsMessage,
  rateLines,
  sortFields,
  windowDays,
  WINDOWS,
} from './health-rules.ts'
import { useFillReports } from './use-fill-reports.ts'
import section from '../layout/panel.module.css'
import styles from './form-health.module.css'

/**
 * Issue 11 /dashboard/form-health (operators only): how each field of Marketplace's form has
 * been filled, so a change of the form shows here before agents complain.
 */
export default function FormHealthPage() {
  const [days, setDays] = useState<number>(DEFAULT_WINDOW)
  const { state, retry } = useFillReports(days)
  const ready = state.status === 'ready' ? state.data : null
  const view = useMemo(() => {
    if (!ready) return null
    return {
      fields: sortFields(ready.fields),
      days: windowDays(ready.fields),
      lines: rateLines(ready.fields),
      summary: healthSummary(ready.fields, ready.reports, ready.days),
    }
  }, [ready])

  let body
  if (state.status === 'loading') {
    body = <Spinner label="Loading the form's health…" />
  } else if (state.status === 'forbidden') {
    body = <ErrorPanel title="Form health is for operators" message={NOT_AN_OPERATOR_MESSAGE} />
  } else if (state.status === 'error') {
    body =
      state.message === null ? null : (
        <ErrorPanel
          title="The form's health could not be loaded"
          message={state.message}
          onRetry={retry}
        />
      )
  } else if (ready && view) {
    // An alert is judged on the field's last fills, whenever they were: it can stand in a quiet window.
    const anyRecent = ready.fields.some((f) => f.recent.fills > 0)
    body = (
      <>
        {ready.reports === 0 ? (
          <p className={styles.empty}>{noFillsMessage(ready.days)}</p>
        ) : (
          <section className={styles.chartBlock} aria-labelledby="fill-rate-title">
            <h3 id="fill-rate-title" className={styles.blockTitle}>
              Daily fill rate
            </h3>
            <p className={styles.summary} data-health-summary="">
              {view.summary}
            </p>
            <FillRateChart days={view.days} lines={view.lines} />
          </section>
        )}
        {(ready.reports > 0 || anyRecent) && (
          <div className={styles.tableWrap}>
            <FieldHealthTable fields={view.fields} days={ready.days} />
          </div>
        )}
      </>
    )
  }

  const refreshing = state.status === 'ready' && state.refreshing
  return (
    <section className={section.panel} aria-labelledby="form-health-title" aria-busy={refreshing}>
      <div className={section.toolbar}>
        <div>
          <h2 id="form-health-title" className={section.title}>
            Marketplace form health
          </h2>
          <p className={section.subtitle}>
            Per field of Marketplace's listing form, how often the extension filled it (UTC days).
          </p>
        </div>
        <fieldset className={styles.windows}>
          <legend className="sr-only">Window</legend>
          {WINDOWS.map((n) => (
            <label key={n} className={styles.window}>
              <input
                type="radio"
                name="form-health-window"
                value={n}
                checked={days === n}
                onChange={() => {
                  setDays(n)
                }}
              />
              <span>{n} days</span>
            </label>
          ))}
        </fieldset>
      </div>
      <p className={styles.note}>
        A field marked red, "Needs attention", filled less than{' '}
        {Math.round(FILL_REPORT_LIMITS.healthyRate * 100)}% of its last{' '}
        {FILL_REPORT_LIMITS.recentFills} fills: Marketplace has likely changed that field's label.
        Add the new label text (agents may already have taught it, see Taught labels) to the
        Marketplace form profile on the server; see docs/operations.md#marketplace-form-profile.
      </p>
      <div className={styles.body} data-refreshing={refreshing ? 'true' : undefined}>
        {body}
      </div>
    </section>
  )
}
