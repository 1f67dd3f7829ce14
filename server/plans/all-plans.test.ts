import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const features = [
  'Unlimited Zillow to Marketplace conversions',
  'Photos and property details filled in automatically',
  'FSBO lead generation tools',
  'Usage analytics dashboard',
  'Priority e-mail support',
]

describe('GET /admin/packages/all-plans', () => {
  it('lists the seeded plans in dollars without a login', async () => {
    t = await createTestApp()
    const res = await t.api({ method: 'GET', url: '/admin/packages/all-plans' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      status: 'success',
      data: [
        {
          id: 'pro-monthly',
          package_name: 'Pro Monthly',
          amount: 49,
          billing_cycle: 'monthly',
          features,
        },
        {
          id: 'pro-annual',
          package_name: 'Pro Annual',
          amount: 39,
          billing_cycle: 'annual',
          features,
        },
      ],
    })
  })

  it('follows the plans table: sort order, inactive plans hidden, cents shown as dollars', async () => {
    t = await createTestApp()
    await t.ctx.db
      .updateTable('plans')
      .set({ sort_order: 0, amount_cents: 3450, features: JSON.stringify(['Only this']) })
      .where('id', '=', 'pro-annual')
      .execute()
    await t.ctx.db.updateTable('plans').set({ active: 0 }).where('id', '=', 'pro-monthly').execute()
    const res = await t.api({ method: 'GET', url: '/admin/packages/all-plans' })
    expect(res.json().data).toEqual([
      {
        id: 'pro-annual',
        package_name: 'Pro Annual',
        amount: 34.5,
        billing_cycle: 'annual',
        features: ['Only this'],
      },
    ])
  })
})
