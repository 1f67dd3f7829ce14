import { FinishSetup } from '../first-run/finish-setup.tsx'
import { FirstRunChecklist } from '../first-run/first-run-checklist.tsx'
import { hasUsage } from '../first-run/setup-steps.ts'
import { useExtensionStatus } from '../first-run/use-extension-status.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { useDashboardData } from '../use-dashboard-data.ts'
import { hasCalls } from './chart-rules.ts'
import { UsageCards, usageFigures, usageKinds } from './usage-cards.tsx'
import { UsageChart } from './usage-chart.tsx'
import styles from './analytics.module.css'

export const NO_CALLS_MESSAGE = 'No API calls recorded in the last 7 days'

/**
 * /dashboard itself: a new agent's first-run checklist until the account has usage, then
 * the usage cards and the 7-day chart, with the steps still to do below them.
 */
export default function AnalyticsPage({ hasAgentProfile }: { hasAgentProfile: boolean }) {
  const { state, reload } = useDashboardData()
  const extension = useExtensionStatus()
  if (state.status === 'loading') return <Spinner label="Loading your usage…" />
  if (state.status === 'error') {
    if (state.message === null) return null
    return (
      <ErrorPanel title="Your usage could not be loaded" message={state.message} onRetry={reload} />
    )
  }
  if (!hasUsage(state.data)) {
    return (
      <FirstRunChecklist
        data={state.data}
        extension={extension}
        hasAgentProfile={hasAgentProfile}
        onReturn={reload}
      />
    )
  }
  const series = state.data.api_usage_last_seven_days
  return (
    <div className={styles.analytics}>
      <UsageCards figures={usageFigures(state.data)} kinds={usageKinds(state.data)} />
      <section className={styles.chartCard} aria-labelledby="usage-chart-title">
        <div className={styles.chartHeader}>
          <h2 id="usage-chart-title" className={styles.sectionTitle}>
            Last 7 days
          </h2>
          <p className={styles.chartNote}>Listings converted and leads saved, per day (UTC)</p>
        </div>
        {hasCalls(series) ? (
          <UsageChart series={series} />
        ) : (
          <p className={styles.empty}>{NO_CALLS_MESSAGE}</p>
        )}
      </section>
      <FinishSetup data={state.data} extension={extension} hasAgentProfile={hasAgentProfile} />
    </div>
  )
}
