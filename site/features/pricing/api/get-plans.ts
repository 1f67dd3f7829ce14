import type { Plan } from '../../../../api/schemas/plans.ts'
import { api } from '../../../lib/api.ts'

/** GET /admin/packages/all-plans: the public plan list (docs/product.md#plans). */
export function getPlans(): Promise<Plan[]> {
  return api.call('allPlans')
}
