import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import Stripe from 'stripe'
import { API_PREFIX } from '../../../api/routes.ts'
import { errorBody } from '../../../api/envelope.ts'
import type { StripeConfig } from '../../config.ts'
import type { Database } from '../../db/schema.ts'
import { AppError } from '../../http/app-error.ts'
import { planCharge, type PlanRow } from '../plans.ts'
import {
  uncompletedCheckoutError,
  type Activation,
  type BillingDeps,
  type PaymentProvider,
} from '../payment-provider.ts'
import { checkoutActivation } from '../subscriptions.ts'
import { trialCarryOver } from '../trial-carry-over.ts'
import {
  invoiceSubscriptionId,
  localStatus,
  markCheckoutCompleted,
  priceLookupKey,
  recordInvoice,
  stripeId,
  syncSubscription,
} from './sync.ts'

export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/payment/webhook`
const PROVIDER_DOWN = 'The payment provider could not be reached. Please try again in a moment.'

/** The SDK client; `api` points it at another endpoint (stripe-mock, the tests' fake). */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ListingBridge' },
    ...(config.api ?? {}),
  })
}

/** A change to apply inside the transaction that records the event; built from fresh objects. */
type Apply = (trx: Kysely<Database>, now: Date) => Promise<void>

/**
 * Stripe Checkout in subscription mode, used when STRIPE_SECRET_KEY is set. The browser pays on
 * Stripe's page; Stripe's signed webhooks and /success's verify-payment both apply the result
 * through the same idempotent functions, so whichever arrives first activates and the rest
 * change nothing.
 */
export function createStripeProvider(
  deps: BillingDeps,
  stripeConfig: StripeConfig,
): PaymentProvider {
  const { config, db, clock, log } = deps
  const stripe = createStripeClient(stripeConfig)
  /** Price ids by lookup key + amount + interval: a cache only, Stripe stays the truth. */
  const prices = new Map<string, string>()

  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (error instanceof AppError) throw error
      log.error({ err: error, call: what }, 'stripe call failed')
      throw new AppError(502, PROVIDER_DOWN)
    }
  }

  /**
   * The Stripe price of a plan, found by its lookup key (`listingbridge_<plan id>`). Missing, or
   * no longer matching the plan's amount or interval (plans are data), a new price is created and
   * takes the key over, so editing a plan's amount needs no Stripe dashboard work.
   */
  async function priceFor(plan: PlanRow): Promise<string> {
    const charge = planCharge(plan)
    const lookupKey = priceLookupKey(plan.id)
    const cacheKey = `${lookupKey}:${charge.amountCents}:${charge.interval}`
    const cached = prices.get(cacheKey)
    if (cached) return cached
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })
    const current = found.data[0]
    let id: string
    if (
      current &&
      current.unit_amount === charge.amountCents &&
      current.currency === charge.currency &&
      current.recurring?.interval === charge.interval
    ) {
      id = current.id
    } else {
      const product = stripeId(current?.product)
      const created = await stripe.prices.create({
        currency: charge.currency,
        unit_amount: charge.amountCents,
        recurring: { interval: charge.interval },
        lookup_key: lookupKey,
        transfer_lookup_key: true,
        metadata: { plan_id: plan.id },
        ...(product ? { product } : { product_data: { name: plan.package_name } }),
      })
      id = created.id
    }
    prices.set(cacheKey, id)
    return id
  }

  /** Fetches what a completed session bought and returns the change that records it. */
  async function completedSession(session: Stripe.Checkout.Session): Promise<Apply | undefined> {
    const subscriptionId = stripeId(session.subscription)
    if (session.mode !== 'subscription' || !subscriptionId) return undefined
    if (session.payment_status === 'unpaid') return undefined
    const invoiceId = stripeId(session.invoice)
    const [subscription, invoice] = await Promise.all([
      stripe.subscriptions.retrieve(subscriptionId),
      invoiceId ? stripe.invoices.retrieve(invoiceId) : Promise.resolve(undefined),
    ])
    return async (trx, now) => {
      const owner = await syncSubscription(trx, subscription, now)
      if (!owner) return
      if (invoice) await recordInvoice(trx, invoice, owner)
      await markCheckoutCompleted(trx, session.id, owner.id, now)
    }
  }

  /** The current state of a subscription, fetched fresh: events may arrive in any order. */
  async function subscriptionChanged(subscriptionId: string | null): Promise<Apply | undefined> {
    if (!subscriptionId) return undefined
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    return async (trx, now) => {
      await syncSubscription(trx, subscription, now)
    }
  }

  /** Handlers by event type; each fetches what it needs, then returns the change to apply. */
  const handlers: Record<string, (event: Stripe.Event) => Promise<Apply | undefined>> = {
    'checkout.session.completed': (event) =>
      completedSession(event.data.object as Stripe.Checkout.Session),
    'invoice.paid': async (event) => {
      const invoice = event.data.object as Stripe.Invoice
      const subscriptionId = invoiceSubscriptionId(invoice)
      if (!subscriptionId) return undefined
      const subscription = await stripe.subscriptions.retrieve(subscriptionId)
      return async (trx, now) => {
        const owner = await syncSubscription(trx, subscription, now)
        if (owner) await recordInvoice(trx, invoice, owner)
      }
    },
    'customer.subscription.updated': (event) =>
      subscriptionChanged((event.data.object as Stripe.Subscription).id),
    'customer.subscription.deleted': (event) =>
      subscriptionChanged((event.data.object as Stripe.Subscription).id),
  }

  /**
   * Applies an event once: the event id goes into webhook_events in the same transaction as
   * its change, so a replay (or a concurrent duplicate delivery) finds it and changes nothing.
   */
  async function processEvent(event: Stripe.Event): Promise<string> {
    const handler = handlers[event.type]
    if (!handler) return 'ignored'
    const seen = await db
      .selectFrom('webhook_events')
      .select('event_id')
      .where('event_id', '=', event.id)
      .executeTakeFirst()
    if (seen) return 'duplicate'
    const apply = await handler(event)
    return db.transaction().execute(async (trx) => {
      const now = clock()
      const recorded = await trx
        .insertInto('webhook_events')
        .values({
          event_id: event.id,
          provider: 'stripe',
          type: event.type,
          processed_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst()
      if (!recorded) return 'duplicate'
      if (apply) await apply(trx, now)
      else log.info({ eventId: event.id, type: event.type }, 'stripe event has nothing for us')
      return 'applied'
    })
  }

  return {
    name: 'stripe',

    async createCheckout({ user, plan }) {
      const charge = planCharge(plan)
      const customer = await db
        .selectFrom('subscriptions')
        .select('provider_customer_id')
        .where('user_id', '=', user.id)
        .where('provider', '=', 'stripe')
        .where('provider_customer_id', 'is not', null)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst()
      const metadata = { user_id: user.id, plan_id: plan.id }
      // Bought during the free trial: Stripe keeps it going and charges first when it ends.
      const trialEnd = trialCarryOver(user.trialEnd, clock())
      const session = await callStripe('checkout.sessions.create', async () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: await priceFor(plan), quantity: 1 }],
          success_url: `${config.siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${config.siteUrl}/cancel`,
          client_reference_id: user.id,
          ...(customer?.provider_customer_id
            ? { customer: customer.provider_customer_id }
            : { customer_email: user.email }),
          metadata,
          subscription_data: {
            metadata,
            ...(trialEnd ? { trial_end: Math.round(trialEnd.getTime() / 1000) } : {}),
          },
        }),
      )
      if (!session.url) throw new AppError(502, PROVIDER_DOWN)
      await db
        .insertInto('checkout_sessions')
        .values({
          id: session.id,
          user_id: user.id,
          plan_id: plan.id,
          provider: 'stripe',
          status: 'open',
          amount_cents: charge.amountCents,
          currency: charge.currency,
          created_at: clock().toISOString(),
          expires_at: new Date(session.expires_at * 1000).toISOString(),
          paid_at: null,
          fulfilled_at: null,
          subscription_id: null,
        })
        .execute()
      return { sessionId: session.id, checkoutUrl: session.url }
    },

    async verifyCheckout(sessionId): Promise<Activation> {
      const local = await db
        .selectFrom('checkout_sessions')
        .select(['id', 'subscription_id', 'fulfilled_at'])
        .where('id', '=', sessionId)
        .where('provider', '=', 'stripe')
        .executeTakeFirst()
      if (!local) throw uncompletedCheckoutError('missing')
      if (!local.fulfilled_at || !local.subscription_id) {
        const session = await callStripe('checkout.sessions.retrieve', () =>
          stripe.checkout.sessions.retrieve(sessionId),
        )
        if (session.status === 'expired') throw uncompletedCheckoutError('expired')
        if (session.status !== 'complete' || session.payment_status === 'unpaid') {
          throw uncompletedCheckoutError('open')
        }
        const apply = await callStripe('subscription', () => completedSession(session))
        if (apply) await db.transaction().execute((trx) => apply(trx, clock()))
      }
      const activation = await checkoutActivation(db, sessionId)
      if (!activation) throw uncompletedCheckoutError('open')
      return activation
    },

    async cancelAtPeriodEnd(subscription) {
      const providerId = subscription.provider_subscription_id
      if (!providerId) throw new Error(`stripe subscription ${subscription.id} has no Stripe id`)
      const updated = await callStripe('subscriptions.update', () =>
        stripe.subscriptions.update(providerId, { cancel_at_period_end: true }),
      )
      await db.transaction().execute((trx) => syncSubscription(trx, updated, clock()))
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', subscription.id)
        .executeTakeFirstOrThrow()
    },

    async endNow(subscription) {
      const providerId = subscription.provider_subscription_id
      if (!providerId) throw new Error(`stripe subscription ${subscription.id} has no Stripe id`)
      const ended = await callStripe('subscriptions.cancel', async () => {
        const current = await stripe.subscriptions.retrieve(providerId)
        // Already over at Stripe (its webhook may not have arrived yet): nothing to cancel, and
        // cancelling again would be an error.
        if (localStatus(current.status) === 'ended') return current
        return stripe.subscriptions.cancel(providerId)
      })
      await db.transaction().execute((trx) => syncSubscription(trx, ended, clock()))
    },

    async closeUnpaidCheckout(sessionId) {
      // Left open, Stripe would take a payment for up to 24 hours after the account is gone
      // (docs/account.md#deleting-the-account).
      const session = await callStripe('checkout.sessions.expire', async () => {
        const current = await stripe.checkout.sessions.retrieve(sessionId)
        // Only an open session can be expired; Stripe refuses the others.
        return current.status === 'open' ? stripe.checkout.sessions.expire(sessionId) : current
      })
      if (session.status !== 'complete') return 'closed'
      // Paid meanwhile, its webhook perhaps not here yet: recorded now, as verifyCheckout does.
      // A payment still pending (complete but unpaid) has started its subscription all the same.
      const apply = await callStripe('subscriptions.retrieve', async () => {
        return (
          (await completedSession(session)) ??
          (await subscriptionChanged(stripeId(session.subscription)))
        )
      })
      if (apply) await db.transaction().execute((trx) => apply(trx, clock()))
      return 'completed'
    },

    async registerRoutes(app: FastifyInstance) {
      await app.register((scope, _options, done) => {
        // The signature covers the exact bytes Stripe sent: this route alone keeps the raw body.
        scope.removeContentTypeParser('application/json')
        scope.addContentTypeParser(
          'application/json',
          { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
          (_request, body, done) => {
            done(null, body)
          },
        )
        scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
          const signature = request.headers['stripe-signature']
          let event: Stripe.Event
          try {
            if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
              throw new Error('missing signature or body')
            }
            event = stripe.webhooks.constructEvent(
              request.body,
              signature,
              stripeConfig.webhookSecret,
            )
          } catch (error) {
            request.log.warn({ err: error }, 'stripe webhook refused: bad signature')
            return reply.status(400).send(errorBody('Invalid Stripe signature.'))
          }
          try {
            const outcome = await processEvent(event)
            return await reply.send({ received: true, outcome })
          } catch (error) {
            // Stripe retries anything but a 2xx, with backoff, for days.
            request.log.error(
              { err: error, eventId: event.id, type: event.type },
              'stripe event failed',
            )
            return reply
              .status(503)
              .send(errorBody('The event could not be applied now; retry later.'))
          }
        })
        done()
      })
    },
  }
}
