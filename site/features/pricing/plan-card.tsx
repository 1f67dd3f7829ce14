import type { Plan } from '../../../api/schemas/plans.ts'
import { flags } from '../../lib/flags.ts'
import { CheckIcon, ShieldCheckIcon } from '../../components/icons.tsx'
import { annualTotal, formatUsd } from './pricing-rules.ts'
import styles from './pricing.module.css'

interface PlanCardProps {
  plan: Plan
  busy: boolean
  onGetStarted: (plan: Plan) => void
}

/** A plan card: name, tagline, price per month, billing line, features, Get Started. */
export function PlanCard({ plan, busy, onGetStarted }: PlanCardProps) {
  return (
    <article className={styles.planCard} aria-labelledby={`plan-${plan.id}`}>
      <p className={styles.ribbon}>7-day free trial</p>
      <h2 id={`plan-${plan.id}`} className={styles.planName}>
        {plan.package_name}
      </h2>
      <p className={styles.tagline}>Complete Property Listing Automation</p>
      <p className={styles.price}>
        <span className={styles.amount}>{formatUsd(plan.amount)}</span>
        <span className={styles.per}>/month</span>
      </p>
      <p className={styles.billed}>
        {plan.billing_cycle === 'annual'
          ? `${formatUsd(annualTotal(plan))} billed annually`
          : 'Billed monthly'}
      </p>
      <ul className={styles.features} aria-label="Included">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckIcon size={18} />
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`button button-primary ${styles.getStarted}`}
        onClick={() => {
          onGetStarted(plan)
        }}
        disabled={busy}
        aria-busy={busy}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        Get Started
      </button>
      <p className={styles.note}>No credit card required for trial.</p>
      <p className={styles.moneyBack} hidden={!flags.moneyBackBadge}>
        <ShieldCheckIcon size={18} />
        30-day money-back guarantee
      </p>
    </article>
  )
}
