import { Link } from 'wouter'
import type { Me } from '../../../../api/schemas/users.ts'
import { CheckCircleIcon, ClockIcon } from '../../../components/icons.tsx'
import { dayCount, type Access } from '../access-rules.ts'
import { formatDate, formatUsd } from '../format.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { useDashboardData } from '../use-dashboard-data.ts'
import { CancelSubscription } from './cancel-dialog.tsx'
import styles from './subscriptions.module.css'

/** /dashboard/subscriptions: the trial box, or the paid plan with its cancel button. */
export default function SubscriptionsPage({ access, user }: { access: Access; user: Me }) {
  if (access.isTrial) return <TrialBox days={access.days} trialEnd={user.trial_end} />
  return <PaidPlan />
}

function TrialBox({ days, trialEnd }: { days: number; trialEnd: string | null }) {
  return (
    <section className={`${styles.panel} ${styles.trial}`} aria-labelledby="trial-title">
      <div className={styles.panelHead}>
        <span className={styles.panelIcon} aria-hidden="true">
          <ClockIcon size={22} />
        </span>
        <div>
          <h2 id="trial-title" className={styles.panelTitle}>
            Free Trial
          </h2>
          <p className={styles.panelLead}>
            You have <strong>{dayCount(days)}</strong> left in your free trial.
          </p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Days left</dt>
          <dd data-fact="days-left">{days}</dd>
        </div>
        <div>
          <dt>Expires on</dt>
          <dd data-fact="expiry">{formatDate(trialEnd)}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        Upgrade before your trial ends to keep converting listings without interruption.
      </p>
      <Link href="/pricing" className="button button-primary">
        Upgrade Plan
      </Link>
    </section>
  )
}

/** The chip beside the plan's name, per state. */
const STATE_CHIP = {
  renewing: { label: 'Active', tone: 'success' },
  trialing: { label: 'Free trial', tone: 'trial' },
  ending: { label: 'Cancelled', tone: 'warning' },
} as const

function PaidPlan() {
  const { state, reload } = useDashboardData()
  if (state.status === 'loading') return <Spinner label="Loading your subscription…" />
  if (state.status === 'error') {
    if (state.message === null) return null
    return (
      <ErrorPanel
        title="Your subscription could not be loaded"
        message={state.message}
        onRetry={reload}
      />
    )
  }
  const data = state.data
  const planName = data.current_plan ?? 'Pro'
  const expiry = formatDate(data.subscription_expiry)
  // An older server says only whether it was cancelled.
  const subscription =
    data.subscription_state ?? (data.cancel_at_period_end === true ? 'ending' : 'renewing')
  const charge = data.next_charge_in_usd === null ? null : formatUsd(data.next_charge_in_usd)
  const chip = STATE_CHIP[subscription]

  return (
    <section className={styles.panel} aria-labelledby="plan-title" data-subscription={subscription}>
      <div className={styles.panelHead}>
        <span className={styles.panelIcon} aria-hidden="true">
          <CheckCircleIcon size={22} />
        </span>
        <div>
          <p className={styles.eyebrow}>Current plan</p>
          <h2 id="plan-title" className={styles.panelTitle}>
            {planName}
          </h2>
        </div>
        <span className={styles.state} data-tone={chip.tone}>
          {chip.label}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Plan</dt>
          <dd data-fact="plan">{planName}</dd>
        </div>
        <div>
          <dt>
            {subscription === 'renewing'
              ? 'Renews on'
              : subscription === 'ending'
                ? 'Ends on'
                : 'Free trial until'}
          </dt>
          <dd data-fact="expiry">{expiry}</dd>
        </div>
        <div>
          <dt>{subscription === 'trialing' ? 'First charge' : 'Next charge'}</dt>
          <dd data-fact="next-charge">{charge ?? 'None'}</dd>
        </div>
      </dl>
      {subscription === 'ending' ? (
        <>
          <p className={styles.note}>
            Your subscription is cancelled. It stays active until {expiry} and is then downgraded;
            you will not be charged again.
          </p>
          <Link href="/pricing" className="button button-secondary">
            View Plans
          </Link>
        </>
      ) : (
        <>
          <p className={styles.note}>
            {subscription === 'trialing'
              ? `Your free trial continues until ${expiry}; your first charge${charge === null ? '' : ` of ${charge}`} is on ${expiry}. If you cancel before then, your plan stays active until ${expiry} and you will not be charged.`
              : `If you cancel, your plan stays active until its expiry date (${expiry}) and is then downgraded. You will not be charged again.`}
          </p>
          <CancelSubscription
            subscriptionId={data.active_subscription_id}
            planName={planName}
            expiry={data.subscription_expiry}
            trialing={subscription === 'trialing'}
            onCancelled={reload}
          />
        </>
      )}
    </section>
  )
}
