import type { Plan } from '../../../api/schemas/plans.ts'

export type BillingCycle = Plan['billing_cycle']

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to proceed with the subscription.'
export const NO_CHECKOUT_URL_MESSAGE = 'Failed to initiate checkout. Please try again.'
export const CHECKOUT_ERROR_MESSAGE =
  'An error occurred during subscription. Please try again later.'
export const NO_PLAN_MESSAGE = 'No plan available for this billing cycle.'

export function planFor(plans: readonly Plan[], cycle: BillingCycle): Plan | undefined {
  return plans.find((plan) => plan.billing_cycle === cycle)
}

/**
 * The rounded percent by which the annual plan's monthly amount is below the monthly
 * plan's; 0 when either is missing or the annual plan is not cheaper.
 */
export function annualSavingsPercent(plans: readonly Plan[]): number {
  const monthly = planFor(plans, 'monthly')
  const annual = planFor(plans, 'annual')
  if (!monthly || !annual || monthly.amount <= 0) return 0
  return Math.max(0, Math.round(((monthly.amount - annual.amount) / monthly.amount) * 100))
}

/** The annual price shown is the monthly amount times 12 (docs/product.md#pricing-cycle). */
export function annualTotal(plan: Plan): number {
  return Math.round(plan.amount * 12 * 100) / 100
}

/** Dollars as the pages show them: "$49", "$39.50". */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount)
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount)
}
