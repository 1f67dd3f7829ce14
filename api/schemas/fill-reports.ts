import { z } from 'zod'
import { FORM_FIELD_KEYS, FORM_PROFILE_LIMITS } from './marketplace-form-profile.ts'

/**
 * Fill reports: after each fill the extension says, per field of Marketplace's form, what came of
 * it and which label text it matched, so we learn of a form change before agents complain. Never
 * the listing's content, its address or anything about the agent.
 */

/**
 * `filled`: filled by a profile label; `not_found`: no control with any known label;
 * `no_option`: the control was there but offered none of the value's texts; `failed`: the form
 * did not take the value; `taught`: filled by a label an agent taught — the agent showed the
 * control ("Show me") in this fill or an earlier one — which the profile does not have yet.
 */
export const FILL_OUTCOMES = ['filled', 'not_found', 'no_option', 'failed', 'taught'] as const
export type FillOutcome = (typeof FILL_OUTCOMES)[number]

export const FILL_REPORT_LIMITS = {
  labelMaxLength: FORM_PROFILE_LIMITS.textMaxLength,
  maxDurationMs: 10 * 60 * 1000,
  retentionDays: 90,
  maxDays: 90,
  /** The alert rule: a field's last fills, and the share of them that must have worked. */
  recentFills: 50,
  healthyRate: 0.9,
} as const

export const fillReportField = z.strictObject({
  field: z.enum(FORM_FIELD_KEYS),
  outcome: z.enum(FILL_OUTCOMES),
  /** The label text matched (or, for `taught`, found beside the control the agent showed). */
  label: z.string().trim().min(1).max(FILL_REPORT_LIMITS.labelMaxLength).nullable(),
})
export type FillReportField = z.infer<typeof fillReportField>

/** POST /marketplace/fill-reports. */
export const fillReportBody = z.strictObject({
  profile_version: z.string().trim().min(1).max(FORM_PROFILE_LIMITS.versionMaxLength),
  /** The page's `<html lang>` as the filler read it (`en`, `en-US`), `null` when it had none. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Language must look like en or en-US')
    .nullable(),
  duration_ms: z.number().int().min(0).max(FILL_REPORT_LIMITS.maxDurationMs),
  fields: z
    .array(fillReportField)
    .min(1)
    .max(FORM_FIELD_KEYS.length)
    .refine(
      (fields) => new Set(fields.map((f) => f.field)).size === fields.length,
      'Each field at most once',
    ),
})
export type FillReportBody = z.infer<typeof fillReportBody>

export const fillReportSaved = z.object({ report_id: z.string() })

/** What a user who is not an operator is told (403), by the server and the page alike. */
export const NOT_AN_OPERATOR_MESSAGE = "Only operators can see the form's health."

/** GET /admin/marketplace/fill-reports?days=N */
export const fillReportsQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(FILL_REPORT_LIMITS.maxDays).default(14),
})

const dayCount = z.object({
  /** UTC day, `YYYY-MM-DD`, oldest first, every day of the window (zero days included). */
  date: z.string(),
  fills: z.number().int().nonnegative(),
  filled: z.number().int().nonnegative(),
  not_found: z.number().int().nonnegative(),
})

export const fieldHealth = z.object({
  field: z.enum(FORM_FIELD_KEYS),
  /**
   * Over the window: reports naming the field, and how many the profile's own texts filled (a
   * fill by a taught label is not counted: it shows the profile lacks that label).
   */
  fills: z.number().int().nonnegative(),
  filled: z.number().int().nonnegative(),
  not_found: z.number().int().nonnegative(),
  /** filled ÷ fills over the window; null without fills. */
  rate: z.number().min(0).max(1).nullable(),
  per_day: z.array(dayCount),
  /** The field's last `recentFills` fills, whenever they were. */
  recent: z.object({
    fills: z.number().int().nonnegative(),
    filled: z.number().int().nonnegative(),
    rate: z.number().min(0).max(1).nullable(),
  }),
  /** The recent fill rate is under `healthyRate`: the form has likely changed. */
  alert: z.boolean(),
  /** Label texts agents taught for the field (in the window), most taught first. */
  taught_labels: z.array(z.object({ label: z.string(), count: z.number().int().positive() })),
})
export type FieldHealth = z.infer<typeof fieldHealth>

export const fillReportsSummary = z.object({
  days: z.number().int().positive(),
  reports: z.number().int().nonnegative(),
  /** Every form field, in the profile's order. */
  fields: z.array(fieldHealth),
})
export type FillReportsSummary = z.infer<typeof fillReportsSummary>
