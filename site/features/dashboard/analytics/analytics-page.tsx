import { ErrorPanel, Spinner } from '../status-views.tsx'
import { useDashboardData } from '../use-dashboard-data.ts'
import { hasCalls } from './chart-rules.ts'
import { UsageCards, usageFigures } from './usage-cards.tsx'
import { UsageChart } from './usage-chart.tsx'
import styles from './analytics.module.css'

export const NO_CALLS_MESSAGE = 'No API calls recorded in the last 7 days'

/** SPEC §2 /dashboard (index): the usage cards and the 7-day chart. */
export default function AnalyticsPage() {
  const { state, reload } = useDashboardData()
  if (state.status === 'loading') return <Spinner label="Loading your usage…" />
  if (state.status === 'error') {
    if (state.message === null) return null
    return (
      <ErrorPanel title="Your usage could not be loaded" message={state.message} onRetry={reload} />
    )
  }
  const series = state.data.api_usage_last_seven_days
  return (
    <div className={styles.analytics}>
      <UsageCards figures={usageFigures(state.data)} />
      <section className={styles.chartCard} aria-labelledby="usage-chart-title">
        <div className={styles.chartHeader}>
          <h2 id="usage-chart-title" className={styles.sectionTitle}>
            Last 7 days
          </h2>
          <p className={styles.chartNote}>Listings converted with the extension, per day (UTC)</p>
        </div>
        {hasCalls(series) ? (
          <UsageChart series={series} />
        ) : (
          <p className={styles.empty}>{NO_CALLS_MESSAGE}</p>
        )}
      </section>
    </div>
  )
}
