import type { FastifyInstance } from 'fastify'
import type { CheckoutChargeStatus } from '../../api/schemas/payment.ts'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { PaymentProviderName, SubscriptionRow } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import type { PlanRow } from './plans.ts'

/** What a provider needs: the app's context (app-context.ts) without the provider, and a logger. */
export interface BillingDeps {
  config: Config
  db: Db
  clock: Clock
  log: BillingLog
}

/** Just what providers log with; Fastify's logger fits. */
export interface BillingLog {
  info: (details: object, message: string) => void
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}

export interface CheckoutRequest {
  /** `trialEnd`: the end of the free trial, kept by a checkout made before it (trial-carry-over.ts). */
  user: { id: string; email: string; fullName: string; trialEnd: string | null }
  plan: PlanRow
}

/** What a checkout costs and when: taken at checkout, or due when the trial it kept ends. */
export interface CheckoutCharge {
  amountCents: number
  currency: string
  /** UTC ISO-8601: when it was taken, or when it will be. */
  date: string
  status: CheckoutChargeStatus
}

/** A subscription after a completed checkout: what verify-payment answers. */
export interface Activation {
  subscriptionId: string
  planName: string
  /** UTC ISO-8601 end of the current period (the kept trial's end, until the first charge). */
  expiry: string
  charge: CheckoutCharge
}

/** A checkout that bought nothing, as verify-payment tells it (api/schemas/payment.ts). */
export type UncompletedCheckout = 'missing' | 'open' | 'canceled' | 'expired'

const uncompleted: Record<UncompletedCheckout, [status: number, message: string]> = {
  missing: [404, 'Payment session not found.'],
  open: [409, 'This checkout has not been paid. No charges were made.'],
  canceled: [409, 'This checkout was cancelled. No charges were made.'],
  expired: [410, 'This checkout has expired. No charges were made.'],
}

/** The error verify-payment answers for a checkout that bought nothing. */
export function uncompletedCheckoutError(state: UncompletedCheckout): AppError {
  const [status, message] = uncompleted[state]
  return new AppError(status, message)
}

/**
 * One way of taking payments. The routes (checkout, verify-payment, cancel-subscription) talk to
 * this interface only; `createPaymentProvider` (create-payment-provider.ts) picks the
 * implementation from the configuration, in one place.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName
  /** Opens a checkout for the plan; answers the URL the browser goes to next. */
  createCheckout: (request: CheckoutRequest) => Promise<{ sessionId: string; checkoutUrl: string }>
  /**
   * Confirms the checkout the success page names, activating or extending the subscription and
   * recording its transaction exactly once however often it is called.
   */
  verifyCheckout: (sessionId: string) => Promise<Activation>
  /** Stops renewal at the provider; access stays until the period ends. Answers the new state. */
  cancelAtPeriodEnd: (subscription: SubscriptionRow) => Promise<SubscriptionRow>
  /**
   * Ends the subscription now, at the provider and here (account deletion): no further charge,
   * no refund of the period under way. Ending one that already ended changes nothing.
   */
  endNow: (subscription: SubscriptionRow) => Promise<void>
  /**
   * Makes a checkout nobody has paid unpayable (account deletion: a payment after it would start
   * a subscription of an account that is gone). Answers `closed` when it can no longer be paid
   * (closed now, or expired or cancelled before), `completed` when it was paid meanwhile: its
   * subscription is then recorded here, as verifyCheckout records it, for endNow to end.
   */
  closeUnpaidCheckout: (sessionId: string) => Promise<'closed' | 'completed'>
  /** Pages and callbacks outside the JSON API: the test checkout's pages, Stripe's webhook. */
  registerRoutes: (app: FastifyInstance) => Promise<void>
}
