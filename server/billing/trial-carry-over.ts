/**
 * Stripe refuses a Checkout Session whose `subscription_data.trial_end` is less than 48 hours
 * away; ten minutes more cover the time the request takes to get there.
 */
export const MIN_TRIAL_LEFT_MS = (48 * 60 + 10) * 60 * 1000

/**
 * When a subscription bought now is first charged, if the buyer's free trial is still running:
 * the trial's days are kept and the first paid period starts when it ends (docs/account.md).
 * Never sooner than `MIN_TRIAL_LEFT_MS` away — Stripe's floor, which the test checkout follows
 * so both providers promise the same date — and on a whole second, as Stripe counts. Undefined
 * when the trial is over (or there never was one): the checkout charges at once.
 */
export function trialCarryOver(trialEnd: string | null, now: Date): Date | undefined {
  if (trialEnd === null) return undefined
  const end = Date.parse(trialEnd)
  if (Number.isNaN(end) || end <= now.getTime()) return undefined
  const firstCharge = Math.max(end, now.getTime() + MIN_TRIAL_LEFT_MS)
  return new Date(Math.ceil(firstCharge / 1000) * 1000)
}
