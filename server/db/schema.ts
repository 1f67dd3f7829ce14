import type { Generated, Selectable } from 'kysely'
import type { ListingPermissionBasis } from '../../api/listing-permission.ts'
import type { ListingSource } from '../../api/listing-sources.ts'
import type {
  CrmDeliveryStatus,
  CrmTarget,
  LeadSource,
  LeadStatus,
} from '../../api/schemas/leads.ts'
import type { ListingType } from '../../api/schemas/listings.ts'
import type { BillingCycle } from '../../api/schemas/plans.ts'
import type { FillOutcome } from '../../api/schemas/fill-reports.ts'
import type { FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'

/**
 * Tables as Kysely sees them. Portable across SQLite and PostgreSQL: ids are text (UUIDs),
 * times are UTC ISO-8601 text, money is integer cents, flags are nullable timestamps.
 */
export interface Database {
  users: UsersTable
  refresh_tokens: RefreshTokensTable
  one_time_tokens: OneTimeTokensTable
  plans: PlansTable
  contact_messages: ContactMessagesTable
  outbox: OutboxTable
  rate_limit_windows: RateLimitWindowsTable
  subscriptions: SubscriptionsTable
  checkout_sessions: CheckoutSessionsTable
  transactions: TransactionsTable
  webhook_events: WebhookEventsTable
  api_usage_daily: ApiUsageDailyTable
  listings: ListingsTable
  leads: LeadsTable
  lead_webhooks: LeadWebhooksTable
  follow_up_boss_accounts: FollowUpBossAccountsTable
  lead_crm_attempts: LeadCrmAttemptsTable
  crm_deliveries: CrmDeliveriesTable
  fill_reports: FillReportsTable
  fill_report_fields: FillReportFieldsTable
  agent_profiles: AgentProfilesTable
}

export interface UsersTable {
  id: string
  email: string
  full_name: string
  phone: string
  password_hash: string
  email_verified_at: string | null
  trial_end: string | null
  created_at: string
  updated_at: string
  /** A new address waiting for its link (lower case); `email` changes when it is followed. */
  pending_email: string | null
  /** Raised to end every session: access tokens of an older generation are refused. */
  session_generation: Generated<number>
}
export type User = Selectable<UsersTable>

export interface RefreshTokensTable {
  id: string
  user_id: string
  family_id: string
  token_hash: string
  expires_at: string
  created_at: string
  revoked_at: string | null
  replaced_by: string | null
}

export type OneTimePurpose = 'verify' | 'reset' | 'email-change'
export interface OneTimeTokensTable {
  id: string
  user_id: string
  purpose: OneTimePurpose
  token_hash: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface PlansTable {
  id: string
  package_name: string
  billing_cycle: BillingCycle
  amount_cents: number
  features: string
  sort_order: number
  active: number
}

export interface ContactMessagesTable {
  id: string
  name: string
  email: string
  phone: string | null
  company: string | null
  subject: string
  message: string
  /** SHA-256 of e-mail + subject + message: the same message again within 24 h is a 409. */
  fingerprint: string
  created_at: string
}

export interface OutboxTable {
  id: string
  kind: string
  to_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  created_at: string
  /** Delivery attempts made so far, the successful one included. */
  attempts: Generated<number>
  next_attempt_at: string
  /** A sender claims a row by setting this lease; another instance skips it until it lapses. */
  locked_until: string | null
  sent_at: string | null
  last_error: string | null
  /** Set when the sender gave up after its last attempt; the row stays for the record. */
  failed_at: string | null
  /** The account the mail is about; deleting the account deletes it. Null for support mail. */
  user_id: string | null
}
export type OutboxRow = Selectable<OutboxTable>

/** One limit's hits for one subject (server/http/rate-limit.ts); `key` is `name:subject`. */
export interface RateLimitWindowsTable {
  key: string
  state: string
  version: number
  counts_until_ms: number
}

/** `test` is the built-in checkout (the embedded default); `stripe` the real thing. */
export type PaymentProviderName = 'test' | 'stripe'

export type SubscriptionStatus = 'active' | 'past_due' | 'incomplete' | 'ended'
export interface SubscriptionsTable {
  id: string
  /** Null once the account was deleted: the record stays for the books, without the person. */
  user_id: string | null
  plan_id: string
  provider: PaymentProviderName
  provider_subscription_id: string | null
  provider_customer_id: string | null
  status: SubscriptionStatus
  current_period_end: string
  /** 0 or 1. */
  cancel_at_period_end: number
  created_at: string
  updated_at: string
  ended_at: string | null
  /**
   * Bought during the free trial: the trial's days were kept and the first charge falls then
   * (billing/trial-carry-over.ts). Null when the checkout charged at once.
   */
  trial_end: string | null
}
export type SubscriptionRow = Selectable<SubscriptionsTable>

export type CheckoutStatus = 'open' | 'paid' | 'canceled'
export interface CheckoutSessionsTable {
  id: string
  /** Null once the account was deleted (paid checkouts only; the rest are deleted with it). */
  user_id: string | null
  plan_id: string
  provider: PaymentProviderName
  status: CheckoutStatus
  amount_cents: number
  currency: string
  created_at: string
  expires_at: string
  paid_at: string | null
  fulfilled_at: string | null
  subscription_id: string | null
}
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>

export interface TransactionsTable {
  id: string
  /** Null once the account was deleted: the payment stays for the books, without the person. */
  user_id: string | null
  subscription_id: string | null
  plan_id: string | null
  provider: PaymentProviderName
  provider_reference: string
  payment_type: string
  amount_cents: number
  currency: string
  status: string
  receipt_url: string | null
  period_start: string | null
  period_end: string | null
  created_at: string
}

export interface WebhookEventsTable {
  event_id: string
  provider: PaymentProviderName
  type: string
  processed_at: string
}

export interface ApiUsageDailyTable {
  user_id: string
  /** UTC day, `YYYY-MM-DD`. */
  day: string
  /** Every API call of the day: `listings` + `leads`, more on rows from before migration 0012. */
  count: number
  /** Listings converted (counted by the 24-hour rule, docs/listings.md#metering). */
  listings: Generated<number>
  /** FSBO leads saved. */
  leads: Generated<number>
}

/**
 * A converted listing, one per (user, source, source_id): the normalized listing and the
 * Marketplace draft of its last conversion (JSON), and the agent's permission answer.
 */
export interface ListingsTable {
  id: string
  user_id: string
  /** A source of the registry (api/listing-sources.ts). */
  source: ListingSource
  source_id: string
  url: string
  /** The draft's address line: "661 Lakeview Ave, San Francisco, CA 94112". */
  address: string
  price: number | null
  listing_type: ListingType
  photo_count: number
  data: string
  draft: string
  /** First converted. */
  created_at: string
  /** Last converted (again, or Fill again): the list's order. */
  converted_at: string
  /** Last counted as an API call (docs/listings.md#metering). */
  metered_at: string
  /** Null on rows converted before the question was asked per listing. */
  permission_basis: ListingPermissionBasis | null
  permission_confirmed_at: string | null
  /** The listing agent and brokerage the page named when the agent answered. */
  permission_listing_agent: string | null
  permission_brokerage: string | null
  /** The first photo, at the source's own URL. */
  photo_url: string | null
  bedrooms: number | null
  bathrooms: number | null
  living_area_sqft: number | null
  /** Lower-cased, accent-free address, source id, agent and brokerage (listings/listing-search.ts). */
  search_text: string
}

/** An FSBO lead saved by a user (issue 7); one per (user, source, source_id). */
export interface LeadsTable {
  id: string
  user_id: string
  source: LeadSource
  source_id: string
  listing_url: string
  owner_name: string | null
  /** E.164. */
  phone: string | null
  email: string | null
  street: string | null
  city: string | null
  state: string | null
  zip: string | null
  address_key: string | null
  price: number | null
  beds: number | null
  baths: number | null
  living_area_sqft: number | null
  days_on_market: number | null
  photo_url: string | null
  status: LeadStatus
  notes: string
  search_text: string
  created_at: string
  updated_at: string
}
export type LeadRow = Selectable<LeadsTable>

/** A user's CRM webhook: where lead exports go and the key that signs them. */
export interface LeadWebhooksTable {
  user_id: string
  url: string
  secret: string
  created_at: string
  updated_at: string
}

export interface FollowUpBossAccountsTable {
  user_id: string
  api_key: string
  created_at: string
  updated_at: string
}

/** The CRM delivery log: one row per attempt of a crm_deliveries row (`delivery_id`). */
export interface LeadCrmAttemptsTable {
  id: string
  delivery_id: string
  user_id: string
  target: CrmTarget
  /** Where the attempt went; empty when nothing was sent (the setting was gone, no lead left). */
  url: string
  attempt: number
  lead_count: number
  status_code: number | null
  error: string | null
  succeeded: number
  created_at: string
}

/**
 * The CRM outbox (server/leads/crm-outbox.ts): one row per delivery, leased by a sender while it
 * is attempted; `id` is the delivery id receivers see, and lead_crm_attempts logs its attempts.
 */
export interface CrmDeliveriesTable {
  id: string
  user_id: string
  /** The send (one click) it belongs to. */
  export_id: string
  target: CrmTarget
  /** The leads as they were when sent (JSON, crm-outbox.ts); null once sent, and on old rows. */
  payload: string | null
  lead_count: number
  status: CrmDeliveryStatus
  /** Attempts finished so far. */
  attempts: Generated<number>
  next_attempt_at: string
  locked_until: string | null
  last_status: number | null
  last_error: string | null
  created_at: string
  /** When it was sent or given up. */
  finished_at: string | null
}
export type CrmDeliveryRow = Selectable<CrmDeliveriesTable>

/** One fill of Marketplace's form by the extension (docs/operations.md#form-health). */
export interface FillReportsTable {
  id: string
  user_id: string
  profile_version: string
  /** The page's `<html lang>`, null when it had none. */
  language: string | null
  duration_ms: number
  created_at: string
}

/** What came of one field in one fill; `created_at` is the report's. */
export interface FillReportFieldsTable {
  report_id: string
  field: FormFieldKey
  outcome: FillOutcome
  label: string | null
  created_at: string
}

/** The agent as listings name them (Settings); at most one per user. */
export interface AgentProfilesTable {
  user_id: string
  listing_name: string
  license_number: string | null
  license_state: string | null
  brokerage: string
  updated_at: string
}
