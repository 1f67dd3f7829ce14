import type { Kysely } from 'kysely'
import type Stripe from 'stripe'
import { newId } from '../../db/ids.ts'
import type { Database, SubscriptionStatus } from '../../db/schema.ts'
import { recordTransaction } from '../subscriptions.ts'

/**
 * Stripe objects into our tables. Every function here is an upsert or an insert-once keyed by a
 * Stripe id, so applying the same object twice, or an older one after a newer one was fetched
 * fresh, leaves one row.
 */

/** Our price lookup key for a plan: prices are found by it, never by a configured id. */
export function priceLookupKey(planId: string): string {
  return `listingbridge_${planId}`
}

function planIdFromLookupKey(key: string | null | undefined): string | undefined {
  const prefix = priceLookupKey('')
  return key?.startsWith(prefix) ? key.slice(prefix.length) : undefined
}

export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? value : value.id
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString()

/** Stripe's many states, reduced to ours; only `active` counts for access. */
export function localStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due'
    case 'incomplete':
      return 'incomplete'
    default:
      return 'ended'
  }
}

/** The end of the paid period: since 2025 Stripe keeps it per subscription item. */
function periodEnd(subscription: Stripe.Subscription): number {
  const ends = subscription.items.data.map((item) => item.current_period_end)
  return ends.length > 0 ? Math.max(...ends) : subscription.created
}

/** Who and what a Stripe subscription is for: our checkout writes both into its metadata. */
export function subscriptionOwner(
  subscription: Stripe.Subscription,
): { userId: string; planId: string } | undefined {
  const userId = subscription.metadata.user_id
  const planId =
    subscription.metadata.plan_id ??
    planIdFromLookupKey(subscription.items.data[0]?.price.lookup_key)
  return userId && planId ? { userId, planId } : undefined
}

/**
 * Writes the subscription as Stripe says it is now. Answers our subscription id, or undefined when
 * it is not one of ours (no metadata) or its account or plan no longer exists.
 */
export async function syncSubscription(
  trx: Kysely<Database>,
  subscription: Stripe.Subscription,
  now: Date,
): Promise<{ id: string; userId: string; planId: string } | undefined> {
  const owner = subscriptionOwner(subscription)
  if (!owner) return undefined
  const known = await trx
    .selectFrom('users')
    .innerJoin('plans', (join) => join.on('plans.id', '=', owner.planId))
    .select('users.id')
    .where('users.id', '=', owner.userId)
    .executeTakeFirst()
  if (!known) return undefined

  const nowIso = now.toISOString()
  const status = localStatus(subscription.status)
  const fields = {
    plan_id: owner.planId,
    provider_customer_id: stripeId(subscription.customer),
    status,
    current_period_end: iso(periodEnd(subscription)),
    cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
    updated_at: nowIso,
    ended_at: subscription.ended_at ? iso(subscription.ended_at) : null,
    trial_end: subscription.trial_end ? iso(subscription.trial_end) : null,
  }
  const row = await trx
    .insertInto('subscriptions')
    .values({
      id: newId(),
      user_id: owner.userId,
      provider: 'stripe',
      provider_subscription_id: subscription.id,
      created_at: nowIso,
      ...fields,
    })
    .onConflict((oc) => oc.column('provider_subscription_id').doUpdateSet(fields))
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, ...owner }
}

/** The subscription an invoice bills, if it bills one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  return stripeId(invoice.parent?.subscription_details?.subscription)
}

/** Records a paid invoice as one transaction (its id is the unique reference). */
export async function recordInvoice(
  trx: Kysely<Database>,
  invoice: Stripe.Invoice,
  owner: { id: string; userId: string; planId: string },
): Promise<void> {
  // A trial's opening invoice is $0: nothing was paid, so it is no transaction.
  if (invoice.status !== 'paid' || invoice.amount_paid === 0) return
  const line = invoice.lines.data[0]
  await recordTransaction(trx, {
    user_id: owner.userId,
    subscription_id: owner.id,
    plan_id: owner.planId,
    provider: 'stripe',
    provider_reference: invoice.id,
    payment_type: invoice.billing_reason ?? 'subscription',
    amount_cents: invoice.amount_paid,
    currency: invoice.currency,
    receipt_url: invoice.hosted_invoice_url ?? null,
    period_start: line ? iso(line.period.start) : null,
    period_end: line ? iso(line.period.end) : null,
    created_at: iso(invoice.status_transitions.paid_at ?? invoice.created),
  })
}

/** The local checkout row of a completed Stripe Checkout Session, marked paid and fulfilled. */
export async function markCheckoutCompleted(
  trx: Kysely<Database>,
  sessionId: string,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString()
  await trx
    .updateTable('checkout_sessions')
    .set({ status: 'paid', paid_at: nowIso, fulfilled_at: nowIso, subscription_id: subscriptionId })
    .where('id', '=', sessionId)
    .where('provider', '=', 'stripe')
    .where('fulfilled_at', 'is', null)
    .execute()
}
