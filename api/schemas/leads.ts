import { z } from 'zod'
import { LEAD_SOURCE_SITES, LEAD_SOURCES, type LeadSource } from '../lead-sources.ts'
import { EMAIL_PATTERN, messages } from '../validation-rules.ts'
import { pageOf, pageQueryFields, timestampField } from './fields.ts'

/**
 * FSBO leads (issue 7): owners selling by themselves, as the extension extracts them from a
 * listing page and the dashboard shows them. Facts a page may not show are `null`, never guessed.
 */

export { LEAD_SOURCES, type LeadSource } from '../lead-sources.ts'

export const LEAD_STATUSES = ['new', 'contacted', 'do_not_call'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

/**
 * Where a lead came from, as the dashboard, the CSV export and Follow Up Boss name it: its name in
 * the registry.
 */
export const LEAD_SOURCE_LABELS = Object.fromEntries(
  LEAD_SOURCES.map((source) => [source, LEAD_SOURCE_SITES[source].name]),
) as Record<LeadSource, string>

/** A lead's status, as the dashboard and the CSV export name it. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  do_not_call: 'Do not call',
}

/**
 * Headers of every CRM webhook delivery. The signature is `sha256=<hex>`, the HMAC-SHA256 of the
 * raw body keyed with the user's signing secret; the timestamp is Unix seconds (also in the
 * signed body as `sent_at`); the delivery id repeats the body's `delivery_id`.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-listingbridge-signature'
export const WEBHOOK_TIMESTAMP_HEADER = 'x-listingbridge-timestamp'
export const WEBHOOK_DELIVERY_HEADER = 'x-listingbridge-delivery'
/**
 * The delivery id again, on webhook and Follow Up Boss calls alike: the same on every retry of a
 * delivery, so a receiver that took one whose answer got lost can recognise the retry.
 */
export const CRM_IDEMPOTENCY_HEADER = 'idempotency-key'

export const LEAD_LIMITS = {
  sourceIdMaxLength: 200,
  urlMaxLength: 2048,
  nameMaxLength: 200,
  phoneMaxLength: 40,
  emailMaxLength: 254,
  streetMaxLength: 200,
  cityMaxLength: 100,
  stateMaxLength: 50,
  zipMaxLength: 20,
  notesMaxLength: 5000,
  searchMaxLength: 200,
  maxIdsPerRequest: 1000,
} as const

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters long`)

const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `${what} must be an http(s) URL` })
    .max(LEAD_LIMITS.urlMaxLength, `${what} is too long`)

const count = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .nonnegative(`${what} cannot be negative`)
    .max(1_000_000_000, `${what} is too large`)

export const leadAddress = z.strictObject({
  street: text(LEAD_LIMITS.streetMaxLength, 'Street').nullable(),
  city: text(LEAD_LIMITS.cityMaxLength, 'City').nullable(),
  state: text(LEAD_LIMITS.stateMaxLength, 'State').nullable(),
  zip: text(LEAD_LIMITS.zipMaxLength, 'ZIP').nullable(),
})
export type LeadAddress = z.infer<typeof leadAddress>

/** POST /leads: one lead as extracted. `phone` is any format; the server makes it E.164. */
export const saveLeadBody = z.strictObject({
  source: z.enum(LEAD_SOURCES, { error: 'Unsupported lead source' }),
  source_id: text(LEAD_LIMITS.sourceIdMaxLength, 'source_id').min(1, 'source_id is required'),
  listing_url: httpUrl('listing_url'),
  owner_name: text(LEAD_LIMITS.nameMaxLength, 'Owner name').nullable(),
  phone: text(LEAD_LIMITS.phoneMaxLength, 'Phone').nullable(),
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .max(LEAD_LIMITS.emailMaxLength, messages.invalidEmail)
    .regex(EMAIL_PATTERN, messages.invalidEmail)
    .nullable(),
  address: leadAddress,
  price: count('price').nullable(),
  beds: count('beds').nullable(),
  baths: z
    .number({ error: 'baths must be a number' })
    .nonnegative('baths cannot be negative')
    .max(1000, 'baths is too large')
    .nullable(),
  living_area_sqft: count('living_area_sqft').nullable(),
  days_on_market: count('days_on_market').nullable(),
  photo_url: httpUrl('photo_url').nullable(),
})
export type SaveLeadBody = z.infer<typeof saveLeadBody>

/** A stored lead as every answer shows it; `phone` is E.164. */
export const lead = z.object({
  _id: z.string(),
  source: z.enum(LEAD_SOURCES),
  source_id: z.string(),
  listing_url: z.string(),
  owner_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
  price: z.number().nullable(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  living_area_sqft: z.number().nullable(),
  days_on_market: z.number().nullable(),
  photo_url: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  notes: z.string(),
  created_at: timestampField,
  updated_at: timestampField,
})
export type Lead = z.infer<typeof lead>

/** `created` is false when the lead matched one already saved and was updated instead. */
export const saveLeadData = z.object({ lead, created: z.boolean() })

/** Filters shared by the list and the CSV export. */
const leadFilters = {
  status: z.enum(LEAD_STATUSES, { error: 'Unknown status' }).optional(),
  source: z.enum(LEAD_SOURCES, { error: 'Unknown source' }).optional(),
  /** Search text over owner name, phone, e-mail and address. */
  q: z.string().trim().max(LEAD_LIMITS.searchMaxLength, 'The search text is too long').optional(),
}

/** GET /leads: newest first, a page at a time. */
export const listLeadsQuery = z.strictObject({ ...pageQueryFields, ...leadFilters })

export const leadsPage = pageOf(lead)

const leadIdField = z
  .string({ error: 'lead_id is required' })
  .min(1, 'lead_id is required')
  .max(100, 'Invalid lead_id')

/** At most this many leads are named in one request: a selection is capped at it too. */
const tooManyLeads = `Select at most ${LEAD_LIMITS.maxIdsPerRequest.toLocaleString('en-US')} leads at once`

/**
 * GET /leads/export.csv: every lead matching the filters, for a plain link. A selection goes by
 * POST (exportLeadsCsvBody): a thousand ids do not fit in a URL.
 */
export const exportLeadsCsvQuery = z.strictObject(leadFilters)

/** POST /leads/export.csv: the selected leads (`ids`), or without ids all matching the filters. */
export const exportLeadsCsvBody = z.strictObject({
  ids: z
    .array(leadIdField, { error: 'ids must be a list of lead ids' })
    .min(1, 'Select at least one lead')
    .max(LEAD_LIMITS.maxIdsPerRequest, tooManyLeads)
    .optional(),
  ...leadFilters,
})
export type ExportLeadsCsvBody = z.infer<typeof exportLeadsCsvBody>

/** POST /leads/update: status and/or notes of one of the caller's leads. */
export const updateLeadBody = z
  .strictObject({
    lead_id: leadIdField,
    status: z.enum(LEAD_STATUSES, { error: 'Unknown status' }).optional(),
    notes: z
      .string({ error: 'notes must be text' })
      .max(
        LEAD_LIMITS.notesMaxLength,
        `Notes must be at most ${LEAD_LIMITS.notesMaxLength} characters long`,
      )
      .optional(),
  })
  .refine((body) => body.status !== undefined || body.notes !== undefined, {
    message: 'Give a status or notes to change',
  })

export const updateLeadData = z.object({ lead })

/** POST /leads/webhook: where CRM exports go. The secret is made by the server. */
export const leadWebhookBody = z.strictObject({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(LEAD_LIMITS.urlMaxLength, 'url is too long'),
})

/** The signing secret is shown in this answer only; saving the webhook again makes a new one. */
export const leadWebhookData = z.object({ url: z.string(), secret: z.string() })

/**
 * POST /leads/export-webhook: the given leads (at most maxIdsPerRequest), or without ids every
 * one of the user's leads, to the user's webhook: one signed delivery per batch of at most
 * maxIdsPerRequest leads, queued (docs/product.md#crm).
 */
export const exportLeadsWebhookBody = z.strictObject({
  lead_ids: z
    .array(leadIdField, { error: 'lead_ids must be a list of lead ids' })
    .min(1, 'Select at least one lead')
    .max(LEAD_LIMITS.maxIdsPerRequest, tooManyLeads)
    .optional(),
})

/**
 * What Send to CRM answers at once (202): the deliveries are queued, not yet made; the delivery
 * log (GET /leads/crm) shows how each goes.
 */
export const crmSendData = z.object({
  /** `nothing_to_send` when every lead asked for is do-not-call. */
  status: z.enum(['queued', 'nothing_to_send']),
  /** Names this send: every delivery of it carries it (`export_id`); null when nothing was queued. */
  export_id: z.string().nullable(),
  /** Deliveries queued: webhook batches, or one per lead to Follow Up Boss. */
  deliveries: z.number().int().nonnegative(),
  /** Leads the queued deliveries carry. */
  queued: z.number().int().nonnegative(),
  /** Do-not-call leads left out: they never leave for a CRM. */
  skipped_do_not_call: z.number().int().nonnegative(),
})
export type CrmSendData = z.infer<typeof crmSendData>

export const exportLeadsWebhookData = crmSendData

/** POST /leads/follow-up-boss: the user's Follow Up Boss API key (Admin → API in Follow Up Boss). */
export const followUpBossBody = z.strictObject({
  api_key: z
    .string({ error: 'api_key is required' })
    .trim()
    .min(10, 'This does not look like a Follow Up Boss API key')
    .max(200, 'This does not look like a Follow Up Boss API key')
    .regex(/^[\w-]+$/, 'This does not look like a Follow Up Boss API key'),
})

/** The key is never shown again; its last four characters say which one is saved. */
export const followUpBossData = z.object({ connected: z.literal(true), key_last4: z.string() })

/**
 * POST /leads/export-follow-up-boss: the given leads (at most maxIdsPerRequest), or without ids
 * every one of the user's leads, as Follow Up Boss events, one queued delivery per lead.
 */
export const exportLeadsFollowUpBossBody = exportLeadsWebhookBody

export const exportLeadsFollowUpBossData = crmSendData

/** Where CRM exports go: the user's webhook, or their Follow Up Boss account. */
export const CRM_TARGETS = ['webhook', 'follow_up_boss'] as const
export type CrmTarget = (typeof CRM_TARGETS)[number]

/**
 * Where a delivery is: waiting for its first or next attempt, being attempted now, taken by the
 * CRM, or given up (refused, or every attempt failed).
 */
export const CRM_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const
export type CrmDeliveryStatus = (typeof CRM_DELIVERY_STATUSES)[number]

/** One attempt of a delivery: when, and what came of it. */
export const crmAttempt = z.object({
  attempt: z.number().int().positive(),
  at: timestampField,
  /** The CRM's HTTP status, when it answered. */
  status_code: z.number().int().nullable(),
  /** Why it failed, said for a person; null when the CRM took the leads. */
  error: z.string().nullable(),
})
export type CrmAttempt = z.infer<typeof crmAttempt>

/** One delivery to a CRM as the log shows it, with every attempt. */
export const crmDelivery = z.object({
  delivery_id: z.string(),
  target: z.enum(CRM_TARGETS),
  lead_count: z.number().int().nonnegative(),
  status: z.enum(CRM_DELIVERY_STATUSES),
  /** Oldest first. */
  attempts: z.array(crmAttempt),
  /** HTTP status of the last attempt, when the receiver answered. */
  last_status: z.number().int().nullable(),
  /** Why the last attempt failed, said for a person; null when it succeeded or none was made. */
  last_error: z.string().nullable(),
  /** When a queued delivery is tried next; null once sent or failed. */
  next_attempt_at: timestampField.nullable(),
  /** When the agent sent it (it was queued). */
  created_at: timestampField,
})
export type CrmDelivery = z.infer<typeof crmDelivery>

/**
 * GET /leads/crm: where the caller's CRM exports go (secrets and keys are never shown again) and
 * the 20 newest deliveries, newest first.
 */
export const crmSettingsData = z.object({
  webhook: z.object({ url: z.string(), updated_at: timestampField }).nullable(),
  follow_up_boss: z.object({ key_last4: z.string(), updated_at: timestampField }).nullable(),
  deliveries: z.array(crmDelivery),
})
export type CrmSettingsData = z.infer<typeof crmSettingsData>
