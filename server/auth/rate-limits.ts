import type { RateLimit } from '../http/rate-limit.ts'

const MINUTE = 60
const HOUR = 3600

/**
 * Every limit in one table, each over a sliding window (docs/product.md#login for login's);
 * RATE_LIMIT_FACTOR scales the counts, not the windows or delays.
 */
export const limits = {
  /** Every try of a password from one address, whatever the account. */
  loginPerIp: { name: 'login:ip', max: 30, windowSeconds: 15 * MINUTE },
  /** Wrong passwords for one account from one address; the right one clears them. */
  loginPerPair: { name: 'login:pair', max: 5, windowSeconds: 15 * MINUTE },
  /**
   * Wrong passwords for one account from anywhere. Past 10 each further try waits 2, 4, 8, 16, 32
   * and then 60 s after the one before: a stranger slows the account's guessing but cannot lock
   * its owner out.
   */
  loginPerEmail: {
    name: 'login:email',
    max: 10,
    windowSeconds: 15 * MINUTE,
    delayCapSeconds: MINUTE,
  },
  registerPerIp: { name: 'register:ip', max: 10, windowSeconds: HOUR },
  registerPerEmail: { name: 'register:email', max: 5, windowSeconds: HOUR },
  forgotPerIp: { name: 'forgot:ip', max: 20, windowSeconds: HOUR },
  forgotPerEmail: { name: 'forgot:email', max: 5, windowSeconds: HOUR },
  resetPerIp: { name: 'reset:ip', max: 20, windowSeconds: HOUR },
  /** The reset page checks its link on load: once per visit, so a few more than resets. */
  resetCheckPerIp: { name: 'reset-check:ip', max: 30, windowSeconds: HOUR },
  resendPerIp: { name: 'resend:ip', max: 20, windowSeconds: HOUR },
  resendPerEmail: { name: 'resend:email', max: 3, windowSeconds: HOUR },
  verifyPerIp: { name: 'verify:ip', max: 30, windowSeconds: 15 * MINUTE },
  refreshPerIp: { name: 'refresh:ip', max: 120, windowSeconds: 15 * MINUTE },
  contactPerIp: { name: 'contact:ip', max: 10, windowSeconds: HOUR },
  contactPerEmail: { name: 'contact:email', max: 5, windowSeconds: HOUR },
  /** One report per fill; an agent posting all day stays far under this. */
  fillReportPerUser: { name: 'fill-report:user', max: 120, windowSeconds: HOUR },
} satisfies Record<string, RateLimit>
