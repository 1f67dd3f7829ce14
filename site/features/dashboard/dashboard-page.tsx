import { Link, Route, Switch, useLocation } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import AnalyticsPage from './analytics/analytics-page.tsx'
import FormHealthPage from './form-health/form-health-page.tsx'
import { DashboardLayout } from './layout/dashboard-layout.tsx'
import LeadsPage from './leads/leads-page.tsx'
import ListingsPage from './listings/listings-page.tsx'
import { sectionAt } from './layout/sections.ts'
import SettingsPage from './settings/settings-page.tsx'
import SubscriptionsPage from './subscriptions/subscriptions-page.tsx'
import TransactionsPage from './transactions/transactions-page.tsx'
import { ErrorPanel, Spinner } from './status-views.tsx'
import { useAccessGate } from './use-access-gate.ts'
import { DashboardDataContext, useDashboardLoader } from './use-dashboard-data.ts'
import styles from './layout/layout.module.css'

/**
 * /dashboard (signed in only) and its pages /dashboard/listings, /dashboard/subscriptions,
 * /dashboard/transactions, (issue 7) /dashboard/leads, /dashboard/settings and (issue 11,
 * operators only) /dashboard/form-health: one lazily loaded chunk (uPlot included). The access
 * gate and the dashboard data load side by side; the pages show once the gate lets the user in.
 */
export default function DashboardPage() {
  const [location] = useLocation()
  const gate = useAccessGate()
  // Until /users/me answers, an operator page keeps its own title rather than flash "not found".
  const mayBeAdmin = gate.status !== 'allowed' || gate.user.is_admin
  const section = sectionAt(location, mayBeAdmin)
  const title = section?.title ?? 'Page not found'
  usePageTitle(title)
  const data = useDashboardLoader()

  if (gate.status === 'checking') {
    return <Spinner label="Checking your account…" fullPage />
  }
  if (gate.status === 'subscription-required') {
    return <Spinner label="Taking you to the plans…" fullPage />
  }
  if (gate.status === 'unavailable') {
    return (
      <div className={styles.gateError}>
        <ErrorPanel
          title="We could not open your dashboard"
          message={gate.message}
          onRetry={gate.retry}
        />
      </div>
    )
  }

  return (
    <DashboardDataContext value={data}>
      <DashboardLayout
        title={title}
        known
        isAdmin={gate.user.is_admin}
        hasAccess={gate.access.allowed}
        renewal={gate.access.renewal}
      >
        <Switch>
          <Route path="/dashboard">
            <AnalyticsPage hasAgentProfile={gate.user.agent_profile !== null} />
          </Route>
          <Route path="/dashboard/listings" component={ListingsPage} />
          <Route path="/dashboard/subscriptions">
            <SubscriptionsPage access={gate.access} user={gate.user} />
          </Route>
          <Route path="/dashboard/transactions" component={TransactionsPage} />
          <Route path="/dashboard/leads" component={LeadsPage} />
          <Route path="/dashboard/settings">
            <SettingsPage user={gate.user} onUserChanged={gate.updateUser} />
          </Route>
          {/* For anyone else it is an unknown page: the not-found panel below. */}
          {gate.user.is_admin && <Route path="/dashboard/form-health" component={FormHealthPage} />}
          <Route>
            <div className={styles.notFound}>
              <p>This dashboard page does not exist.</p>
              <Link href="/dashboard" className="button button-primary">
                Go to the dashboard
              </Link>
            </div>
          </Route>
        </Switch>
      </DashboardLayout>
    </DashboardDataContext>
  )
}
