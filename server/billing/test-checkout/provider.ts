import { randomBytes } from 'node:crypto'
import { lockUserRow } from '../../db/lock-user-row.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { addSeconds } from '../../clock.ts'
import { newId } from '../../db/ids.ts'
import type { CheckoutSessionRow, Database } from '../../db/schema.ts'
import { addBillingPeriod, planCharge } from '../plans.ts'
import {
  uncompletedCheckoutError,
  type Activation,
  type BillingDeps,
  type PaymentProvider,
} from '../provider.ts'
import { trialCarryOver } from '../trial-carry-over.ts'
import {
  checkoutActivation,
  findRunningSubscription,
  markCancelAtPeriodEnd,
  markEnded,
  recordTransaction,
} from '../subscriptions.ts'
import {
  checkoutPageCsp,
  renderCheckoutPage,
  renderNoticePage,
  renderReceiptPage,
} from './pages.ts'

/** Where the pages live on the server (not under /api/v1: they are pages, not API calls). */
export const TEST_CHECKOUT_PATH = '/checkout/test'
/** An unpaid checkout lapses after a day, as Stripe's do. */
export const CHECKOUT_TTL_SECONDS = 24 * 3600

const featureList = z.array(z.string())

interface SessionRoute {
  Params: { sessionId: string }
}
interface ReceiptRoute {
  Params: { transactionId: string }
}

/** `cs_test_` + 192 random bits: the id is the only key to the page, so it must not be guessable. */
function newSessionId(): string {
  return `cs_test_${randomBytes(24).toString('base64url')}`
}

type PayOutcome = 'paid' | 'canceled' | 'expired' | 'missing'

/**
 * The built-in test checkout (the embedded default, DESIGN §5): a checkout page on this server,
 * a Pay button that records a test payment, and a renewal job (renewals.ts) that charges again at
 * each period end unless cancelled. No card, no money; everything else is the real flow.
 */
export function createTestCheckoutProvider(deps: BillingDeps): PaymentProvider {
  const { config, db, clock } = deps

  async function loadSession(
    executor: Kysely<Database>,
    sessionId: string,
  ): Promise<CheckoutSessionRow | undefined> {
    return executor
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .where('provider', '=', 'test')
      .executeTakeFirst()
  }

  /** What verify-payment answers for a fulfilled session. */
  async function activationOfSession(
    executor: Kysely<Database>,
    sessionId: string,
  ): Promise<Activation> {
    const done = await checkoutActivation(executor, sessionId)
    if (!done) throw new Error(`checkout ${sessionId} is fulfilled without a subscription`)
    return done
  }

  /**
   * Activates, resumes or extends the subscription a paid checkout bought, once. The conditional
   * update that sets `fulfilled_at` is the gate: whoever sets it does the work; everyone else (a
   * second verify, a double-clicked Pay, another instance) reads the result.
   *
   * Bought during the free trial, the subscription keeps the trial's days: its first period ends
   * when the trial does and nothing is charged now; the renewal job charges then, as Stripe does
   * at a subscription's `trial_end`.
   */
  async function fulfil(trx: Kysely<Database>, sessionId: string, now: Date): Promise<Activation> {
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
      receipt_url: testReceiptUrl(config.apiUrl, transactionId),
      period_start: payment.periodStart,
      period_end: payment.periodEnd,
      created_at: payment.now,
    })
  }

  /** Pay: the session becomes paid and is fulfilled in the same transaction. */
  async function pay(sessionId: string): Promise<PayOutcome> {
    return db.transaction().execute(async (trx) => {
      const now = clock()
      const marked = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'paid', paid_at: now.toISOString() })
        .where('id', '=', sessionId)
        .where('provider', '=', 'test')
        .where('status', '=', 'open')
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst()
      const session = await loadSession(trx, sessionId)
      if (!session) return 'missing'
      if (marked.numUpdatedRows === 0n && session.status !== 'paid') {
        return session.status === 'canceled' ? 'canceled' : 'expired'
      }
      await fulfil(trx, sessionId, now)
      return 'paid'
    })
  }

  function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', checkoutPageCsp(config.siteOrigins))
      .type('text/html; charset=utf-8')
      .send(html)
  }

  const pricingUrl = `${config.siteUrl}/pricing`
  function notice(reply: FastifyReply, outcome: Exclude<PayOutcome, 'paid'>): FastifyReply {
    const pages = {
      missing: [
        404,
        'Checkout not found',
        'This checkout link is not valid. Start again from the Pricing page.',
      ],
      canceled: [409, 'Checkout cancelled', 'This checkout was cancelled. No charges were made.'],
      expired: [
        410,
        'Checkout expired',
        'This checkout has expired. No charges were made; start again from the Pricing page.',
      ],
    } as const
    const [status, title, message] = pages[outcome]
    return sendPage(
      reply,
      status,
      renderNoticePage({
        siteUrl: config.siteUrl,
        title,
        message,
        action: { label: 'Back to pricing', url: pricingUrl },
      }),
    )
  }

  const successUrl = (sessionId: string) =>
    `${config.siteUrl}/success?session_id=${encodeURIComponent(sessionId)}`

  return {
    name: 'test',

    async createCheckout({ user, plan }) {
      const now = clock()
      const charge = planCharge(plan)
      const sessionId = newSessionId()
      await db
        .insertInto('checkout_sessions')
        .values({
          id: sessionId,
          user_id: user.id,
          plan_id: plan.id,
          provider: 'test',
          status: 'open',
          amount_cents: charge.amountCents,
          currency: charge.currency,
          created_at: now.toISOString(),
          expires_at: addSeconds(now, CHECKOUT_TTL_SECONDS).toISOString(),
          paid_at: null,
          fulfilled_at: null,
          subscription_id: null,
        })
        .execute()
      return {
        sessionId,
        checkoutUrl: `${config.apiUrl}${TEST_CHECKOUT_PATH}/${sessionId}`,
      }
    },

    async verifyCheckout(sessionId) {
      const session = await loadSession(db, sessionId)
      if (!session) throw uncompletedCheckoutError('missing')
      if (session.status === 'canceled') throw uncompletedCheckoutError('canceled')
      if (session.status === 'open') {
        const expired = session.expires_at <= clock().toISOString()
        throw uncompletedCheckoutError(expired ? 'expired' : 'open')
      }
      return db.transaction().execute((trx) => fulfil(trx, sessionId, clock()))
    },

    async cancelAtPeriodEnd(subscription) {
      // Nothing to tell: the renewal job reads the flag.
      return markCancelAtPeriodEnd(db, subscription.id, clock())
    },

    async endNow(subscription) {
      // Nothing to tell: the renewal job only renews active subscriptions.
      await markEnded(db, subscription.id, clock())
    },

    async registerRoutes(app: FastifyInstance) {
      await app.register((pages, _options, done) => {
        // HTML forms post urlencoded; only these pages accept it (the API stays JSON only).
        pages.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: 1024 },
          (_request, body, done) => {
            done(null, Object.fromEntries(new URLSearchParams(String(body))))
          },
        )

        pages.get<SessionRoute>(`${TEST_CHECKOUT_PATH}/:sessionId`, async (request, reply) => {
          const { sessionId } = request.params
          const row = await db
            .selectFrom('checkout_sessions')
            .innerJoin('plans', 'plans.id', 'checkout_sessions.plan_id')
            .innerJoin('users', 'users.id', 'checkout_sessions.user_id')
            .select([
              'checkout_sessions.status',
              'checkout_sessions.expires_at',
              'plans.package_name',
              'plans.amount_cents',
              'plans.billing_cycle',
              'plans.features',
              'users.email',
              'users.trial_end',
            ])
            .where('checkout_sessions.id', '=', sessionId)
            .where('checkout_sessions.provider', '=', 'test')
            .executeTakeFirst()
          if (!row) return notice(reply, 'missing')
          if (row.status === 'paid') return reply.redirect(successUrl(sessionId), 303)
          if (row.status === 'canceled') return notice(reply, 'canceled')
          if (row.expires_at <= clock().toISOString()) return notice(reply, 'expired')
          return sendPage(
            reply,
            200,
            renderCheckoutPage({
              sessionId,
              siteUrl: config.siteUrl,
              planName: row.package_name,
              monthlyCents: row.amount_cents,
              charge: planCharge(row),
              features: featureList.parse(JSON.parse(row.features)),
              email: row.email,
              firstChargeAt: trialCarryOver(row.trial_end, clock())?.toISOString() ?? null,
            }),
          )
        })

        pages.post<SessionRoute>(`${TEST_CHECKOUT_PATH}/:sessionId/pay`, async (request, reply) => {
          const { sessionId } = request.params
          const outcome = await pay(sessionId)
          if (outcome !== 'paid') return notice(reply, outcome)
          return reply.redirect(successUrl(sessionId), 303)
        })

        pages.post<SessionRoute>(
          `${TEST_CHECKOUT_PATH}/:sessionId/cancel`,
          async (request, reply) => {
            const { sessionId } = request.params
            const cancelled = await db
              .updateTable('checkout_sessions')
              .set({ status: 'canceled' })
              .where('id', '=', sessionId)
              .where('provider', '=', 'test')
              .where('status', '=', 'open')
              .executeTakeFirst()
            if (cancelled.numUpdatedRows === 0n) {
              const session = await loadSession(db, sessionId)
              if (!session) return notice(reply, 'missing')
              // Already paid: cancelling the page cannot undo it; show the result instead.
              if (session.status === 'paid') return reply.redirect(successUrl(sessionId), 303)
            }
            return reply.redirect(`${config.siteUrl}/cancel`, 303)
          },
        )

        pages.get<ReceiptRoute>(
          `${TEST_CHECKOUT_PATH}/receipts/:transactionId`,
          async (request, reply) => {
            const { transactionId } = request.params
            const row = await db
              .selectFrom('transactions')
              .innerJoin('users', 'users.id', 'transactions.user_id')
              .leftJoin('plans', 'plans.id', 'transactions.plan_id')
              .select([
                'transactions.id',
                'transactions.created_at',
                'transactions.amount_cents',
                'transactions.payment_type',
                'transactions.status',
                'transactions.period_start',
                'transactions.period_end',
                'plans.package_name',
                'users.full_name',
                'users.email',
              ])
              .where('transactions.id', '=', transactionId)
              .where('transactions.provider', '=', 'test')
              .executeTakeFirst()
            if (!row) {
              return sendPage(
                reply,
                404,
                renderNoticePage({
                  siteUrl: config.siteUrl,
                  title: 'Receipt not found',
                  message: 'This receipt link is not valid.',
                  action: {
                    label: 'Your transactions',
                    url: `${config.siteUrl}/dashboard/transactions`,
                  },
                }),
              )
            }
            return sendPage(
              reply,
              200,
              renderReceiptPage({
                siteUrl: config.siteUrl,
                transactionId: row.id,
                paidAt: row.created_at,
                amountCents: row.amount_cents,
                paymentType: row.payment_type,
                status: row.status,
                planName: row.package_name,
                periodStart: row.period_start,
                periodEnd: row.period_end,
                customerName: row.full_name,
                customerEmail: row.email,
              }),
            )
          },
        )
        done()
      })
    },
  }
}

export function testReceiptUrl(apiUrl: string, transactionId: string): string {
  return `${apiUrl}${TEST_CHECKOUT_PATH}/receipts/${transactionId}`
}
