import { useEffect, useState } from 'react'
import type { Plan } from '../../../api/schemas/plans.ts'
import { brand } from '../../../api/brand.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { getPlans } from './api/get-plans.ts'
import { BillingToggle } from './billing-toggle.tsx'
import { HaveQuestions } from './have-questions.tsx'
import { PlanCard } from './plan-card.tsx'
import {
  annualSavingsPercent,
  NO_PLAN_MESSAGE,
  planFor,
  type BillingCycle,
} from './pricing-rules.ts'
import { useCheckout } from './use-checkout.ts'
import styles from './pricing.module.css'

/** /pricing (docs/product.md#page-pricing). */
export default function PricingPage() {
  usePageTitle('Pricing')
  const [plans, setPlans] = useState<Plan[]>([])
  const [loading, setLoading] = useState(true)
  const [cycle, setCycle] = useState<BillingCycle>('monthly')
  const { pendingPlanId, subscribe } = useCheckout()

  useEffect(() => {
    let current = true
    getPlans()
      .then((list) => {
        if (current) setPlans(list)
      })
      // A failed plan list is only logged; the list stays empty.
      .catch((error: unknown) => {
        console.error('Could not load the plans:', error)
      })
      .finally(() => {
        if (current) setLoading(false)
      })
    return () => {
      current = false
    }
  }, [])

  const plan = planFor(plans, cycle)

  return (
    <div className={styles.page}>
      <header className={`container ${styles.intro}`}>
        <p className="eyebrow">Pricing</p>
        <h1>Maximize Your Real Estate Potential</h1>
        <p className={styles.subline}>
          Try {brand.name} Pro risk-free with our 7-day free trial. No credit card required to
          start.
        </p>
        <BillingToggle
          cycle={cycle}
          onChange={setCycle}
          savePercent={annualSavingsPercent(plans)}
        />
      </header>
      <div className={`container ${styles.planArea}`}>
        {loading ? (
          <div className={styles.skeleton} role="status" aria-label="Loading plans" />
        ) : plan ? (
          <PlanCard plan={plan} busy={pendingPlanId === plan.id} onGetStarted={subscribe} />
        ) : (
          <p className={styles.empty}>{NO_PLAN_MESSAGE}</p>
        )}
      </div>
      <div className="container">
        <HaveQuestions />
      </div>
    </div>
  )
}
