import { afterEach, describe, expect, it } from 'vitest'
import { brand } from '../../api/brand.ts'
import { allPlans } from '../../api/schemas/plans.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the price the landing page states', () => {
  it('is what the seeded monthly plan costs', async () => {
    t = await createTestApp()
    const res = await t.api({ method: 'GET', url: '/admin/packages/all-plans' })
    const plans = allPlans.parse(res.json().data)
    const monthly = plans.filter((plan) => plan.billing_cycle === 'monthly')
    expect(monthly.map((plan) => plan.amount)).toEqual([brand.monthlyPriceUsd])
  })
})
