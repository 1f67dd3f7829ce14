import {
  clearRateLimit,
  hitRateLimits,
  takeBackHit,
  type LimitContext,
} from '../http/rate-limit.ts'
import { limits } from './rate-limits.ts'

/** What a try of a password reports once the password turned out right. */
export interface PasswordAttempt {
  passwordWasRight: () => Promise<void>
}

/** The pair's subject ends with the e-mail, so deleting an account finds its rows by suffix. */
function pairSubject(ip: string, email: string): string {
  return `${ip}:${email}`
}

/**
 * Login's limits for one try of an account's password, at login and when a signed-in agent
 * re-enters it (docs/product.md#login): every try counts per address; wrong ones count per
 * account and address (a tight limit) and per account (a growing delay, never a lock a stranger
 * could hold). The wrong-password counts are taken before the password is checked, so guesses
 * sent in parallel cannot all pass before any is counted; a right password takes them back.
 */
export async function startPasswordAttempt(
  ctx: LimitContext,
  ip: string,
  email: string,
): Promise<PasswordAttempt> {
  const pair = pairSubject(ip, email)
  const [, , emailHit] = await hitRateLimits(ctx, [
    [limits.loginPerIp, ip],
    [limits.loginPerPair, pair],
    [limits.loginPerEmail, email],
  ])
  return {
    passwordWasRight: async () => {
      await clearRateLimit(ctx, limits.loginPerPair, pair)
      // Only this try's: others' wrong guesses keep slowing the account down.
      if (emailHit) await takeBackHit(ctx, emailHit)
    },
  }
}
