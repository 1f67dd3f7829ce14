import type { Kysely } from 'kysely'
import { lockUserRow } from '../../db/lock-user-row.ts'
import { newId } from '../../db/ids.ts'
import type { CheckoutSessionRow, Database } from '../../db/schema.ts'
import { uncompletedCheckoutError, type Activation } from '../payment-provider.ts'
import { addBillingPeriod, planCharge } from '../plans.ts'
import { checkoutActivation, findRunningSubscription, recordTransaction } from '../subscriptions.ts'
import { trialCarryOver } from '../trial-carry-over.ts'
import { testReceiptUrl } from './paths.ts'
import { loadSession } from './sessions.ts'

/** What verify-payment answers for a fulfilled session. */
async function activationOfSession(
  executor: Kysely<Database>,
  sessionId: string,
): Promise<Activation> {
  const done = await checkoutActivation(executor, sessionId)
  if (!done) throw new Error(`checkout ${sessionId} is fulfilled without a subscription`)
  return done
}

/** The checkout's own payment, for the period it pays. */
async function recordCheckoutPayment(
  trx: Kysely<Database>,
  session: CheckoutSessionRow,
  payment: {
    subscriptionId: string
    periodStart: string
    periodEnd: string
    paymentType: 'subscription_create' | 'subscription_update'
    now: string
    apiUrl: string
  },
): Promise<void> {
  const transactionId = newId()
  await recordTransaction(trx, {
    id: transactionId,
    user_id: session.user_id,
    subscription_id: payment.subscriptionId,
    plan_id: session.plan_id,
    provider: 'test',
    provider_reference: `test_checkout:${session.id}`,
    payment_type: payment.paymentType,
    amount_cents: session.amount_cents,
    currency: session.currency,
    receipt_url: testReceiptUrl(payment.apiUrl, transactionId),
    period_start: payment.periodStart,
    period_end: payment.periodEnd,
    created_at: payment.now,
  })
}

/**
 * Activates, resumes or extends the subscription a paid checkout bought, once. The conditional
 * update that sets `fulfilled_at` is the gate: whoever sets it does the work; everyone else (a
 * second verify, a double-clicked Pay, another instance) reads the result.
 *
 * Bought during the free trial, the subscription keeps the trial's days: its first period ends
 * when the trial does and nothing is charged now; the renewal job charges then, as Stripe does
 * at a subscription's `trial_end`.
 *
 * `apiUrl` is where the receipt pages live (their links are stored with the payment).
 */
export async function fulfilCheckout(
  trx: Kysely<Database>,
  sessionId: string,
  { now, apiUrl }: { now: Date; apiUrl: string },
): Promise<Activation> {
  const nowIso = now.toISOString()
  const claimed = await trx
    .updateTable('checkout_sessions')
    .set({ fulfilled_at: nowIso })
    .where('id', '=', sessionId)
    .where('status', '=', 'paid')
    .where('fulfilled_at', 'is', null)
    .executeTakeFirst()
  const session = await loadSession(trx, sessionId)
  if (!session) throw uncompletedCheckoutError('missing')
  if (claimed.numUpdatedRows === 0n) return activationOfSession(trx, sessionId)
  // Its account was deleted (the deletion keeps paid checkouts only, detached): nothing to fulfil.
  const userId = session.user_id
  if (userId === null) throw uncompletedCheckoutError('missing')

  const plan = await trx
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', session.plan_id)
    .executeTakeFirstOrThrow()
  const charge = planCharge(plan)
  await lockUserRow(trx, userId)
  const user = await trx
    .selectFrom('users')
    .select('trial_end')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const running = await findRunningSubscription(trx, userId, 'test', now)
  let subscriptionId: string
  if (running?.trial_end && running.trial_end > nowIso && running.cancel_at_period_end === 1) {
    // Cancelled during the kept trial and bought again: it goes on, first charged as before.
    subscriptionId = running.id
    await trx
      .updateTable('subscriptions')
      .set({ plan_id: plan.id, cancel_at_period_end: 0, updated_at: nowIso })
      .where('id', '=', running.id)
      .execute()
  } else if (running) {
    // Paying again while subscribed (e.g. after cancelling) extends from the current end.
    subscriptionId = running.id
    const periodStart = running.current_period_end
    const periodEnd = addBillingPeriod(new Date(periodStart), charge.interval).toISOString()
    await trx
      .updateTable('subscriptions')
      .set({
        plan_id: plan.id,
        current_period_end: periodEnd,
        cancel_at_period_end: 0,
        updated_at: nowIso,
      })
      .where('id', '=', running.id)
      .execute()
    await recordCheckoutPayment(trx, session, {
      subscriptionId,
      periodStart,
      periodEnd,
      paymentType: 'subscription_update',
      now: nowIso,
      apiUrl,
    })
  } else {
    subscriptionId = newId()
    const trialEnd = trialCarryOver(user.trial_end, now)?.toISOString() ?? null
    const periodEnd = trialEnd ?? addBillingPeriod(now, charge.interval).toISOString()
    await trx
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        user_id: userId,
        plan_id: plan.id,
        provider: 'test',
        provider_subscription_id: null,
        provider_customer_id: null,
        status: 'active',
        current_period_end: periodEnd,
        cancel_at_period_end: 0,
        created_at: nowIso,
        updated_at: nowIso,
        ended_at: null,
        trial_end: trialEnd,
      })
      .execute()
    if (trialEnd === null) {
      await recordCheckoutPayment(trx, session, {
        subscriptionId,
        periodStart: nowIso,
        periodEnd,
        paymentType: 'subscription_create',
        now: nowIso,
        apiUrl,
      })
    }
  }
  await trx
    .updateTable('checkout_sessions')
    .set({ subscription_id: subscriptionId })
    .where('id', '=', session.id)
    .execute()
  return activationOfSession(trx, sessionId)
}
