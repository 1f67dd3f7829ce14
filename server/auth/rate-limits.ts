import type { RateLimit } from '../http/rate-limit.ts'

const MINUTE = 60
const HOUR = 3600

/** Every limit of DESIGN §10 in one table; RATE_LIMIT_FACTOR scales them all. */
export const limits = {
  loginPerIp: { name: 'login:ip', max: 30, windowSeconds: 15 * MINUTE },
  loginPerEmail: { name: 'login:email', max: 10, windowSeconds: 15 * MINUTE },
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
