import type { Kysely, Selectable } from 'kysely'
import type { Database, PlansTable } from '../db/schema.ts'

export type PlanRow = Selectable<PlansTable>

/** What one period of a plan costs and how long it lasts. */
export interface PlanCharge {
  /** Cents charged each period: the monthly amount, or twelve of them for an annual plan. */
  amountCents: number
  currency: 'usd'
  interval: 'month' | 'year'
  /** How the price reads next to the amount, e.g. "per month". */
  intervalLabel: string
}

/** An active plan by id, or undefined: checkout refuses unknown and retired plans alike. */
export async function findActivePlan(
  db: Kysely<Database>,
  planId: string,
): Promise<PlanRow | undefined> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', planId)
    .where('active', '=', 1)
    .executeTakeFirst()
}

/** Plans store their price per month (docs/product.md#plans); annual bills 12 × it. */
export function planCharge(plan: Pick<PlanRow, 'amount_cents' | 'billing_cycle'>): PlanCharge {
  return plan.billing_cycle === 'annual'
    ? {
        amountCents: plan.amount_cents * 12,
        currency: 'usd',
        interval: 'year',
        intervalLabel: 'per year',
      }
    : {
        amountCents: plan.amount_cents,
        currency: 'usd',
        interval: 'month',
        intervalLabel: 'per month',
      }
}

/**
 * The end of a period that starts at `start`: one calendar month or year later, in UTC, on the
 * same day of the month or the month's last day when it is shorter (Jan 31 → Feb 28).
 */
export function addBillingPeriod(start: Date, interval: 'month' | 'year'): Date {
  const months = interval === 'year' ? 12 : 1
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const end = new Date(start.getTime())
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay))
  return end
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** `$49.00`: cents inside, dollars for people. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100)
}
