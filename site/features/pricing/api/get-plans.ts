import type { Plan } from '../../../../api/schemas/plans.ts'
import { api } from '../../../lib/api.ts'

/** GET /admin/packages/all-plans (SPEC §7): the public plan list. */
export function getPlans(): Promise<Plan[]> {
  return api.call('allPlans')
}
