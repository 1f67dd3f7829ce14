import { z } from 'zod'

export const BILLING_CYCLES = ['monthly', 'annual'] as const
export type BillingCycle = (typeof BILLING_CYCLES)[number]

/** A plan (package): amount is dollars per month; the name says monthly or annual. */
export const plan = z.object({
  id: z.string(),
  package_name: z.string(),
  amount: z.number().nonnegative(),
  billing_cycle: z.enum(BILLING_CYCLES),
  features: z.array(z.string()),
})
export type Plan = z.infer<typeof plan>
export const allPlans = z.array(plan)
