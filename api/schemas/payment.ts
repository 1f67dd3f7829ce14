import { z } from 'zod'
import { emailField, timestampField } from './fields.ts'

export const transaction = z.object({
  _id: z.string(),
  transaction_timestamp: timestampField,
  payment_type: z.string(),
  transaction_amount_in_usd: z.number(),
  transaction_currency: z.string(),
  transaction_status: z.string(),
  receipt_url: z.string().nullable(),
})
export type Transaction = z.infer<typeof transaction>

export const checkoutQuery = z.strictObject({
  plan_id: z.string({ error: 'plan_id is required' }).min(1, 'plan_id is required').max(64),
  email: emailField,
})
export const checkoutData = z.object({ checkout_url: z.string() })

export const verifyPaymentQuery = z.strictObject({
  session_id: z
    .string({ error: 'session_id is required' })
    .min(1, 'session_id is required')
    .max(200),
})

export const CHECKOUT_CHARGE_STATUSES = ['charged', 'scheduled'] as const
export type CheckoutChargeStatus = (typeof CHECKOUT_CHARGE_STATUSES)[number]

/**
 * What the checkout costs and when: `charged` at checkout, or — bought during the free trial,
 * which it keeps — `scheduled` for the day the trial ends (and `charged` once that happened).
 */
export const checkoutCharge = z.object({
  amount_in_usd: z.number().nonnegative(),
  currency: z.string(),
  date: timestampField,
  status: z.enum(CHECKOUT_CHARGE_STATUSES),
})
export type CheckoutCharge = z.infer<typeof checkoutCharge>

/**
 * GET /payment/verify-payment: a 200 means the checkout went through and the subscription is
 * active. A checkout that bought nothing answers an error whose message says what happened:
 * 404 for an unknown session, 409 for one not paid or cancelled, 410 for an expired one (each
 * with "No charges were made.").
 */
export const verifyPaymentData = z.object({
  subscription_id: z.string(),
  plan: z.string(),
  /** End of the current period: the kept trial's end until the first charge. */
  subscription_expiry: timestampField,
  charge: checkoutCharge,
})
export type VerifyPaymentData = z.infer<typeof verifyPaymentData>

export const cancelSubscriptionBody = z.strictObject({
  subscription_id: z
    .string({ error: 'No active subscription found.' })
    .min(1, 'No active subscription found.')
    .max(64),
})
export const cancelSubscriptionData = z.object({
  subscription_id: z.string(),
  cancel_at_period_end: z.boolean(),
  subscription_expiry: timestampField,
})
