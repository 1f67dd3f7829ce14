import { z } from 'zod'
import { agentProfile, agentProfileInput } from './agent-profile.ts'
import {
  emailField,
  nameField,
  newPasswordField,
  opaqueTokenField,
  pageOf,
  pageQueryFields,
  passwordField,
  phoneField,
  timestampField,
} from './fields.ts'
import { transaction } from './payment.ts'

/**
 * How a current subscription goes on at its expiry: charged again (`renewing`), not (`ending`,
 * cancelled), or charged for the first time (`trialing`: bought during the free trial, whose days
 * it kept).
 */
export const subscriptionState = z.enum(['trialing', 'renewing', 'ending'])
export type SubscriptionState = z.infer<typeof subscriptionState>

export const me = z.object({
  _id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_subscribed: z.boolean(),
  subscription_expiry: timestampField.nullable(),
  /** How the subscription goes on at `subscription_expiry`; null when not subscribed. */
  subscription_state: subscriptionState.nullable().default(null),
  trial_end: timestampField.nullable(),
  /** An operator (`ADMIN_EMAILS`): the dashboard shows them the form's health. */
  is_admin: z.boolean().default(false),
  /** Null until the agent fills it in on Settings. */
  agent_profile: agentProfile.nullable(),
  /** A new address waiting for its verification link; `email` stays until it is followed. */
  pending_email: z.string().nullable(),
})
export type Me = z.infer<typeof me>

/**
 * PATCH /users/me: only the fields sent change (at least one). Name and phone follow sign-up's
 * rules. A new `email` takes effect only when the link sent to it is followed, and needs
 * `current_password`. `agent_profile: null` removes the profile.
 */
export const updateMeBody = z
  .strictObject({
    full_name: nameField.optional(),
    phone: phoneField.optional(),
    email: emailField.optional(),
    current_password: passwordField.optional(),
    agent_profile: agentProfileInput.nullable().optional(),
  })
  // The password alone changes nothing: it only goes with a new e-mail.
  .refine(
    ({ current_password: _password, ...changes }) =>
      Object.values(changes).some((value: unknown) => value !== undefined),
    { message: 'Nothing to change', path: ['_'] },
  )
  .refine((body) => body.email === undefined || body.current_password !== undefined, {
    message: 'Enter your current password to change your email',
    path: ['current_password'],
  })

/** GET /users/confirm-email/:token, the link of an e-mail change (auth none: the token is the proof). */
export const confirmEmailParams = z.strictObject({ token: opaqueTokenField })
export const confirmEmailData = z.object({ email: z.string() })

/**
 * POST /users/change-password: every session ends, the caller's included, and the caller gets a
 * new one (the same shape as login's) so the page stays signed in.
 */
export const changePasswordBody = z.strictObject({
  current_password: passwordField,
  new_password: newPasswordField,
})
export const changePasswordData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: z.string(),
})

/** POST /users/delete-account */
export const deleteAccountBody = z.strictObject({ password: passwordField })

const callCount = z.number().int().nonnegative()

/**
 * What API calls were: `listings` converted (a listing counts once per 24 hours) and FSBO `leads`
 * saved. Together they are the calls, except on days from before the kind was recorded, whose
 * remaining calls are of unknown kind (docs/usage.md).
 */
export const callKinds = z.object({ listings: callCount, leads: callCount })

export const dailyUsage = callKinds.extend({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Every API call of the day. */
  count: callCount,
})
export type DailyUsage = z.infer<typeof dailyUsage>

const exportRecord = z.record(z.string(), z.unknown())
/**
 * GET /users/export: everything held on the account, for the agent to keep (privacy law's right
 * of access). Records are the stored rows with their column names (JSON columns parsed); secrets
 * (password hash, tokens, the CRM webhook's secret, the Follow Up Boss key) are never in it.
 */
export const accountExport = z.object({
  exported_at: timestampField,
  account: z.object({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    email_verified_at: timestampField.nullable(),
    created_at: timestampField,
    updated_at: timestampField,
    trial_end: timestampField.nullable(),
    pending_email: z.string().nullable(),
  }),
  agent_profile: agentProfile.nullable(),
  listings: z.array(exportRecord),
  /** Each with its notes and status. */
  leads: z.array(exportRecord),
  usage_by_day: z.array(dailyUsage),
  payments: z.array(exportRecord),
  subscriptions: z.array(exportRecord),
  checkout_sessions: z.array(exportRecord),
  /** What came of each field in each fill of Marketplace's form (`fields`). */
  fill_reports: z.array(exportRecord),
  crm: z.object({
    webhook: z
      .object({ url: z.string(), created_at: z.string(), updated_at: z.string() })
      .nullable(),
    follow_up_boss: z
      .object({ key_last4: z.string(), created_at: z.string(), updated_at: z.string() })
      .nullable(),
    /** The delivery log: one record per attempt. */
    deliveries: z.array(exportRecord),
  }),
  /** Logins: when each started, expires or ended. */
  sessions: z.array(
    z.object({
      created_at: z.string(),
      expires_at: z.string(),
      revoked_at: z.string().nullable(),
    }),
  ),
  /** Messages sent to support through the contact form from the account's e-mail. */
  support_messages: z.array(exportRecord),
})
export type AccountExport = z.infer<typeof accountExport>

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

export const dashboard = z.object({
  total_api_calls: callCount,
  total_api_calls_last_seven_days: callCount,
  total_api_calls_this_month: callCount,
  /** The three totals above, by kind. */
  api_calls_by_kind: z.object({
    total: callKinds,
    last_seven_days: callKinds,
    this_month: callKinds,
  }),
  api_usage_last_seven_days: z.array(dailyUsage).length(7),
  /** The account holds a converted listing / a saved FSBO lead: the first-run checklist's steps. */
  has_converted_listing: z.boolean(),
  has_saved_lead: z.boolean(),
  active_subscription_id: z.string().nullable(),
  current_plan: z.string().nullable(),
  subscription_expiry: timestampField.nullable(),
  /** True once the subscriber cancelled: access stays until `subscription_expiry`, then ends. */
  cancel_at_period_end: z.boolean().optional(),
  subscription_state: subscriptionState.nullable().default(null),
  /** What is charged at `subscription_expiry` (a renewal, or the first charge); null if nothing. */
  next_charge_in_usd: z.number().nonnegative().nullable().default(null),
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

export const transactionsPage = pageOf(transaction)
