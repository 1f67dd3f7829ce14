import { z } from 'zod'
import { emailField, nameField, pageOf, pageQueryFields, timestampField } from './fields.ts'
import { transaction } from './payment.ts'

export const me = z.object({
  _id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_subscribed: z.boolean(),
  subscription_expiry: timestampField.nullable(),
  trial_end: timestampField.nullable(),
  /** An operator (`ADMIN_EMAILS`): the dashboard shows them the form's health. */
  is_admin: z.boolean().default(false),
})
export type Me = z.infer<typeof me>

export const contactUsBody = z.strictObject({
  name: nameField,
  email: emailField,
  phone: z.string().trim().max(32, 'Phone number is too long').optional(),
  company: z.string().trim().max(200, 'Company is too long').optional(),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters long'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be at most 5000 characters long'),
})
export type ContactUsBody = z.infer<typeof contactUsBody>

export const dailyUsage = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count: z.number().int().nonnegative(),
})

export const dashboard = z.object({
  total_api_calls: z.number().int().nonnegative(),
  total_api_calls_last_seven_days: z.number().int().nonnegative(),
  total_api_calls_this_month: z.number().int().nonnegative(),
  api_usage_last_seven_days: z.array(dailyUsage).length(7),
  active_subscription_id: z.string().nullable(),
  current_plan: z.string().nullable(),
  subscription_expiry: timestampField.nullable(),
  /** True once the subscriber cancelled: access stays until `subscription_expiry`, then ends. */
  cancel_at_period_end: z.boolean().optional(),
  recent_transactions: z.array(transaction),
})
export type Dashboard = z.infer<typeof dashboard>

export const TRANSACTION_SEARCH_MAX_LENGTH = 200

/**
 * GET /users/transactions: every payment of the caller, newest first, a page at a time. `q` finds
 * by id, payment type, plan name, status or amount ("49", "$49.00").
 */
export const listTransactionsQuery = z.strictObject({
  ...pageQueryFields,
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(TRANSACTION_SEARCH_MAX_LENGTH, 'The search text is too long')
    .optional(),
})
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuery>

export const transactionsPage = pageOf(transaction)
