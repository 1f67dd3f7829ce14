import type { FastifyReply } from 'fastify'
import type { BillingDeps } from '../payment-provider.ts'
import { checkoutPageCsp, renderNoticePage } from './pages.ts'
import type { PayOutcome } from './pay.ts'

/** What the checkout's page handlers use. */
export type CheckoutPagesDeps = Pick<BillingDeps, 'config' | 'db' | 'clock'>

/** A route whose path names a checkout session. */
export interface SessionRoute {
  Params: { sessionId: string }
}

/** An HTML page: never cached, under the pages' own CSP. */
export function sendPage(
  { config }: CheckoutPagesDeps,
  reply: FastifyReply,
  status: number,
  html: string,
): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', checkoutPageCsp(config.siteOrigins))
    .type('text/html; charset=utf-8')
    .send(html)
}

const notices = {
  missing: [
    404,
    'Checkout not found',
    'This checkout link is not valid. Start again from the Pricing page.',
  ],
  canceled: [409, 'Checkout cancelled', 'This checkout was cancelled. No charges were made.'],
  expired: [
    410,
    'Checkout expired',
    'This checkout has expired. No charges were made; start again from the Pricing page.',
  ],
} as const

/** The page for a checkout that cannot be paid, leading back to the Pricing page. */
export function sendNotice(
  deps: CheckoutPagesDeps,
  reply: FastifyReply,
  outcome: Exclude<PayOutcome, 'paid'>,
): FastifyReply {
  const [status, title, message] = notices[outcome]
  const { siteUrl } = deps.config
  return sendPage(
    deps,
    reply,
    status,
    renderNoticePage({
      siteUrl,
      title,
      message,
      action: { label: 'Back to pricing', url: `${siteUrl}/pricing` },
    }),
  )
}

/** The site's page that verifies a paid checkout. */
export function successUrl(siteUrl: string, sessionId: string): string {
  return `${siteUrl}/success?session_id=${encodeURIComponent(sessionId)}`
}
