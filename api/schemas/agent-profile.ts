import { z } from 'zod'

/** Lengths of the agent profile's texts (the listing name and brokerage are as long as a page's). */
export const AGENT_PROFILE_LIMITS = {
  listingNameMaxLength: 200,
  brokerageMaxLength: 200,
  licenseNumberMaxLength: 40,
} as const

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters long`)
    // An emptied field is "not given", stored as null.
    .transform((value) => (value === '' ? null : value))
    .nullish()
    // Left out is not given either: the profile is saved whole.
    .transform((value) => value ?? null)

/**
 * Who the agent is on listings: the name as listings show it, their license and their brokerage.
 * It decides whether a listing is the agent's own (api/listing-permission.ts) and signs the
 * description of their own listings. Name and brokerage are what the check needs; the license is
 * for the attribution and may be left out.
 */
export const agentProfileInput = z.strictObject({
  listing_name: z
    .string({ error: 'Your name on listings is required' })
    .trim()
    .min(1, 'Your name on listings is required')
    .max(
      AGENT_PROFILE_LIMITS.listingNameMaxLength,
      `Your name on listings must be at most ${AGENT_PROFILE_LIMITS.listingNameMaxLength} characters long`,
    ),
  license_number: optionalText(AGENT_PROFILE_LIMITS.licenseNumberMaxLength, 'License number'),
  /** USPS two-letter code of the licensing state. */
  license_state: z
    .string({ error: 'License state must be a two-letter code' })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'License state must be a two-letter code')
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null),
  brokerage: z
    .string({ error: 'Brokerage is required' })
    .trim()
    .min(1, 'Brokerage is required')
    .max(
      AGENT_PROFILE_LIMITS.brokerageMaxLength,
      `Brokerage must be at most ${AGENT_PROFILE_LIMITS.brokerageMaxLength} characters long`,
    ),
})
export type AgentProfileInput = z.input<typeof agentProfileInput>

/** As GET /users/me answers it: null until the agent fills it in. */
export const agentProfile = z.object({
  listing_name: z.string(),
  license_number: z.string().nullable(),
  license_state: z.string().nullable(),
  brokerage: z.string(),
})
export type AgentProfile = z.infer<typeof agentProfile>
