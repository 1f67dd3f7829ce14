import { z } from 'zod'

/** SPEC §3 "Plan (package)": amount is dollars per month; the name says monthly or annual. */
export const plan = z.object({
  id: z.string(),
  package_name: z.string(),
  amount: z.number().nonnegative(),
  billing_cycle: z.enum(['monthly', 'annual']),
  features: z.array(z.string()),
})
export type Plan = z.infer<typeof plan>
export const allPlans = z.array(plan)
