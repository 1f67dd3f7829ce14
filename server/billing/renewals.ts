import type { AppContext } from '../app-context.ts'
import { newId } from '../db/ids.ts'
import type { SubscriptionRow } from '../db/schema.ts'
import { addBillingPeriod, planCharge } from './plans.ts'
import { recordTransaction } from './subscriptions.ts'
import { testReceiptUrl } from './built-in-checkout/paths.ts'

/** How often each process looks for subscriptions at their period end. */
export const RENEWAL_POLL_MS = 60_000
/** Subscriptions handled per query; a pass repeats until nothing is due. */
const BATCH_SIZE = 100
/** A pass stops after this many batches even if more are due; the next tick continues. */
const MAX_BATCHES = 50

export interface RenewalResult {
  /** Periods charged again (a transaction each). */
  renewed: number
  /** Subscriptions that reached their end and were downgraded. */
  ended: number
}

export type BillingJobDeps = Pick<AppContext, 'db' | 'clock' | 'config'>

/**
 * Ends a subscription whose period is over (the downgrade). Conditional on the state read, so
 * of two instances racing only one changes it.
 */
async function endSubscription(deps: BillingJobDeps, sub: SubscriptionRow): Promise<boolean> {
  const result = await deps.db
    .updateTable('subscriptions')
    .set({
      status: 'ended',
      ended_at: sub.current_period_end,
      updated_at: deps.clock().toISOString(),
    })
    .where('id', '=', sub.id)
    .where('status', '=', 'active')
    .where('current_period_end', '=', sub.current_period_end)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/**
 * Charges the next period of a test-checkout subscription: moves its end one period on and
 * records the payment, in one transaction. The move is conditional on the period end this pass
 * read, and the payment's reference names that period, so running twice — or on several
 * instances at once — renews each period exactly once.
 */
async function renewSubscription(deps: BillingJobDeps, sub: SubscriptionRow): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', sub.plan_id)
      .executeTakeFirstOrThrow()
    const charge = planCharge(plan)
    const periodStart = sub.current_period_end
    const periodEnd = addBillingPeriod(new Date(periodStart), charge.interval).toISOString()
    const moved = await trx
      .updateTable('subscriptions')
      .set({ current_period_end: periodEnd, updated_at: deps.clock().toISOString() })
      .where('id', '=', sub.id)
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', 0)
      .where('current_period_end', '=', periodStart)
      .executeTakeFirst()
    if (moved.numUpdatedRows !== 1n) return false
    const transactionId = newId()
    await recordTransaction(trx, {
      id: transactionId,
      user_id: sub.user_id,
      subscription_id: sub.id,
      plan_id: plan.id,
      provider: 'test',
      provider_reference: `test_renewal:${sub.id}:${periodStart}`,
      payment_type: 'subscription_cycle',
      amount_cents: charge.amountCents,
      currency: charge.currency,
      receipt_url: testReceiptUrl(deps.config.apiUrl, transactionId),
      period_start: periodStart,
      period_end: periodEnd,
      // Charged when the period began, as a card would have been.
      created_at: periodStart,
    })
    return true
  })
}

/**
 * One pass over test-checkout subscriptions at their period end: each renews (a new period and a
 * transaction; for one bought during the trial, its first charge) unless it was cancelled, in
 * which case it ends. With `renew: false` (Stripe is
 * the provider now) they all end: only the test checkout's own job may charge for it.
 * Stripe's subscriptions are Stripe's to renew or end; its webhooks report it.
 */
export async function runRenewals(
  deps: BillingJobDeps,
  options: { renew: boolean },
): Promise<RenewalResult> {
  const result: RenewalResult = { renewed: 0, ended: 0 }
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = deps.clock().toISOString()
    const due = await deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider', '=', 'test')
      .where('status', '=', 'active')
      .where('current_period_end', '<=', now)
      .orderBy('current_period_end')
      .limit(BATCH_SIZE)
      .execute()
    let changed = 0
    for (const sub of due) {
      if (options.renew && sub.cancel_at_period_end === 0) {
        if (await renewSubscription(deps, sub)) {
          result.renewed++
          changed++
        }
      } else if (await endSubscription(deps, sub)) {
        result.ended++
        changed++
      }
    }
    // Another instance took everything this pass saw, or nothing is due: done.
    if (changed === 0 || due.length === 0) break
  }
  return result
}

export interface BillingJobs {
  runOnce: () => Promise<RenewalResult>
  /** Polls about once a minute until stopped; the timer does not keep the process alive. */
  start: () => void
  /** Stops polling and waits for the pass in flight. */
  stop: () => Promise<void>
}

export interface JobLog {
  error: (details: object, message: string) => void
}

/** The periodic billing job each server process runs (started in main.ts, like the mail sender). */
export function createBillingJobs(
  deps: BillingJobDeps & { payments: { name: string } },
  options: { log?: JobLog; pollMs?: number } = {},
): BillingJobs {
  const pollMs = options.pollMs ?? RENEWAL_POLL_MS
  let timer: NodeJS.Timeout | undefined
  let running = false
  let inFlight: Promise<unknown> | undefined

  const runOnce = () => runRenewals(deps, { renew: deps.payments.name === 'test' })

  function tick(): void {
    const pass = runOnce().catch((error: unknown) => {
      options.log?.error({ err: error }, 'billing job pass failed')
    })
    inFlight = pass
    void pass.then(() => {
      inFlight = undefined
      if (!running) return
      timer = setTimeout(tick, pollMs)
      timer.unref()
    })
  }

  return {
    runOnce,
    start() {
      if (running) return
      running = true
      timer = setTimeout(tick, 0)
      timer.unref()
    },
    async stop() {
      running = false
      clearTimeout(timer)
      await inFlight
    },
  }
}
