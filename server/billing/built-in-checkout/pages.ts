import { brand } from '../../../api/brand.ts'
import { escapeHtml } from '../../mail/messages.ts'
import { formatUsd, type PlanCharge } from '../plans.ts'
import { TEST_CHECKOUT_PATH } from './paths.ts'

/**
 * The built-in test checkout's pages: server-rendered HTML in the site's look (its colours and
 * type), styles inline, no script at all, plain forms that POST back to the server.
 */

const STYLE = `
:root { color-scheme: light; font-family: 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f8fafc; color: #0f172a; line-height: 1.5; }
.top { height: 64px; display: flex; align-items: center; padding: 0 24px; background: #fff; border-bottom: 1px solid #e2e8f0; }
.brand { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.125rem; color: #0f172a; text-decoration: none; }
main { max-width: 520px; margin: 48px auto; padding: 0 16px 64px; }
.card { background: #fff; border: 1px solid #e2e8f0; border-radius: 16px; box-shadow: 0 12px 40px rgb(15 23 42 / 0.08); padding: 32px; }
.test { display: block; margin: 0 0 24px; padding: 10px 14px; border-radius: 10px; background: #fef9c3; color: #a16207; font-weight: 600; text-align: center; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
.muted { color: #475569; margin: 0; }
.price { font-size: 2.5rem; font-weight: 700; margin: 20px 0 0; }
.price small { font-size: 1rem; font-weight: 500; color: #475569; }
ul { margin: 20px 0; padding-left: 20px; color: #334155; }
.summary { margin: 20px 0; padding: 16px 0 0; border-top: 1px solid #e2e8f0; font-size: 0.9375rem; }
.row { display: flex; justify-content: space-between; align-items: baseline; gap: 16px; margin: 0 0 8px; }
.row dt { color: #475569; flex: none; }
.row dd { margin: 0; text-align: right; }
/* The e-mail gets a line of its own; it breaks after the @ or before a dot (<wbr>), and only
   where an address is longer than the whole line anywhere else. */
.row.stacked { display: block; }
.row.stacked dd { text-align: left; overflow-wrap: break-word; }
.total { font-weight: 700; color: #0f172a; }
.row.total dt { color: #0f172a; }
.day { white-space: nowrap; }
.first-charge { margin: 0 0 8px; padding: 12px 14px; border-radius: 10px; background: #eff6ff; color: #1e3a8a; font-weight: 600; }
.actions { display: flex; align-items: stretch; gap: 12px; margin-top: 24px; }
.actions form { flex: 1; display: flex; margin: 0; }
button, .button { display: flex; align-items: center; justify-content: center; width: 100%; min-height: 48px; padding: 10px 20px; border-radius: 10px; font: inherit; font-weight: 600; line-height: 1.25; text-align: center; text-decoration: none; cursor: pointer; }
/* Side by side the two buttons would wrap unevenly on a phone: stacked, the primary on top. */
@media (max-width: 440px) { .actions { flex-direction: column-reverse; } }
.primary { background: #1d4ed8; color: #fff; border: 1px solid #1d4ed8; }
.primary:hover { background: #1e40af; }
.secondary { background: #fff; color: #0f172a; border: 1px solid #cbd5e1; }
.secondary:hover { background: #f1f5f9; }
button:focus-visible, .button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.note { font-size: 0.875rem; color: #475569; margin: 20px 0 0; }
.ok { color: #15803d; font-weight: 600; }
footer { text-align: center; font-size: 0.8125rem; color: #64748b; margin-top: 24px; }
a { color: #1d4ed8; }
@media print { body { background: #fff; } .top, .no-print { display: none; } .card { box-shadow: none; border: 0; } }
`

const LOGO_PATHS = `<rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M7 17l9-8 9 8v8a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" fill="#fff"/>`
const LOGO = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">${LOGO_PATHS}</svg>`
/** The site's favicon (site/public/favicon.svg), inline: the pages' CSP allows data: images only. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${LOGO_PATHS}</svg>`,
)}`

function page(title: string, siteUrl: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(brand.name)}</title>
<link rel="icon" href="${FAVICON}" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<div class="top"><a class="brand" href="${escapeHtml(siteUrl)}/">${LOGO}${escapeHtml(brand.name)}</a></div>
<main>
${body}
<footer>Questions? <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a></footer>
</main>
</body>
</html>`
}

/**
 * An e-mail address, escaped, that may wrap after its @ or before a dot (`<wbr>`) rather than
 * in the middle of a word.
 */
export function breakableEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const dotted = (part: string) => part.split('.').map(escapeHtml).join('<wbr>.')
  if (at < 0) return dotted(email)
  return `${dotted(email.slice(0, at))}@<wbr>${dotted(email.slice(at + 1))}`
}

/** "November 20, 2026" — dates in UTC, as stored. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

export const TEST_CHECKOUT_BANNER = 'Test checkout — no charge'

export interface CheckoutPageInput {
  sessionId: string
  siteUrl: string
  planName: string
  monthlyCents: number
  charge: PlanCharge
  features: string[]
  email: string
  /** The free trial is kept: nothing is due today and the first charge falls then (UTC ISO). */
  firstChargeAt: string | null
}

/** The words of the Pay button; with the trial kept nothing is paid, so it says so. */
export function payButtonLabel(charge: PlanCharge, firstChargeAt: string | null): string {
  return firstChargeAt ? 'Start subscription' : `Pay ${formatUsd(charge.amountCents)}`
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { charge, firstChargeAt } = input
  const id = encodeURIComponent(input.sessionId)
  const price = formatUsd(charge.amountCents)
  const perMonth =
    charge.interval === 'year'
      ? `<p class="muted">${formatUsd(input.monthlyCents)} per month, billed ${price} once a year</p>`
      : '<p class="muted">Billed monthly</p>'
  const features = input.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')
  const renews = charge.interval === 'year' ? 'every year' : 'every month'
  const trial = firstChargeAt
    ? `<div class="row"><dt>Free trial</dt><dd>Continues until ${escapeHtml(longDate(firstChargeAt))}</dd></div>
<div class="row"><dt>Then</dt><dd>${price} ${charge.intervalLabel}</dd></div>`
    : ''
  const firstCharge = firstChargeAt
    ? `<p class="first-charge">Your first charge of ${price} is on <span class="day">${escapeHtml(longDate(firstChargeAt))}</span>.</p>`
    : ''
  const note = firstChargeAt
    ? `Start subscription records the subscription and keeps your free trial: nothing is charged until it ends on ${escapeHtml(longDate(firstChargeAt))}, when the first test payment of ${price} is recorded, then one ${renews}. No card is asked for and no money moves.`
    : `Pay records a test payment and starts the subscription at once; no card is asked for and no money moves. Renewals are recorded the same way.`
  return page(
    TEST_CHECKOUT_BANNER,
    input.siteUrl,
    `<section class="card" aria-labelledby="plan">
<strong class="test" role="note">${TEST_CHECKOUT_BANNER}</strong>
<p class="muted">Subscribe to</p>
<h1 id="plan">${escapeHtml(input.planName)}</h1>
<p class="price">${price} <small>${charge.intervalLabel}</small></p>
${perMonth}
${features ? `<ul>${features}</ul>` : ''}
<dl class="summary">
<div class="row stacked"><dt>Account</dt><dd>${breakableEmail(input.email)}</dd></div>
<div class="row"><dt>Renews</dt><dd>Automatically ${renews}, until you cancel</dd></div>
${trial}
<div class="row total"><dt>Due today</dt><dd>${firstChargeAt ? formatUsd(0) : price}</dd></div>
</dl>
${firstCharge}
<div class="actions">
<form method="post" action="${TEST_CHECKOUT_PATH}/${id}/cancel"><button type="submit" class="secondary">Cancel</button></form>
<form method="post" action="${TEST_CHECKOUT_PATH}/${id}/pay"><button type="submit" class="primary">${payButtonLabel(charge, firstChargeAt)}</button></form>
</div>
<p class="note">This is ${escapeHtml(brand.name)}'s built-in test checkout. ${note}</p>
</section>`,
  )
}

/** A one-message page: a finished, cancelled, expired or unknown checkout. */
export function renderNoticePage(input: {
  siteUrl: string
  title: string
  message: string
  action: { label: string; url: string }
}): string {
  return page(
    input.title,
    input.siteUrl,
    `<section class="card">
<strong class="test" role="note">${TEST_CHECKOUT_BANNER}</strong>
<h1>${escapeHtml(input.title)}</h1>
<p class="muted">${escapeHtml(input.message)}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></div>
</section>`,
  )
}

export interface ReceiptPageInput {
  siteUrl: string
  transactionId: string
  paidAt: string
  amountCents: number
  paymentType: string
  status: string
  planName: string | null
  periodStart: string | null
  periodEnd: string | null
  customerName: string
  customerEmail: string
}

export function renderReceiptPage(r: ReceiptPageInput): string {
  const period =
    r.periodStart && r.periodEnd ? `${longDate(r.periodStart)} – ${longDate(r.periodEnd)}` : null
  const line = r.planName ?? 'Subscription'
  return page(
    'Receipt',
    r.siteUrl,
    `<section class="card" aria-labelledby="receipt">
<strong class="test" role="note">Test payment — no money moved</strong>
<p class="muted">Receipt from ${escapeHtml(brand.name)}</p>
<h1 id="receipt">${formatUsd(r.amountCents)} paid ${escapeHtml(longDate(r.paidAt))}</h1>
<dl class="summary">
<div class="row"><dt>Receipt number</dt><dd>#${escapeHtml(r.transactionId.slice(0, 8).toUpperCase())}</dd></div>
<div class="row"><dt>Status</dt><dd${r.status === 'succeeded' ? ' class="ok"' : ''}>${escapeHtml(r.status === 'succeeded' ? 'Paid' : r.status)}</dd></div>
<div class="row"><dt>Payment type</dt><dd>${escapeHtml(r.paymentType.replaceAll('_', ' '))}</dd></div>
<div class="row stacked"><dt>Billed to</dt><dd>${escapeHtml(r.customerName)}<br>${breakableEmail(r.customerEmail)}</dd></div>
</dl>
<dl class="summary">
<div class="row"><dt>${escapeHtml(line)}${period ? `<br><small>${escapeHtml(period)}</small>` : ''}</dt><dd>${formatUsd(r.amountCents)}</dd></div>
<div class="row total"><dt>Total</dt><dd>${formatUsd(r.amountCents)}</dd></div>
</dl>
<div class="actions no-print"><a class="button secondary" href="${escapeHtml(r.siteUrl)}/dashboard/transactions">Back to your transactions</a></div>
</section>`,
  )
}

/**
 * The pages' own Content-Security-Policy: no script anywhere, styles inline, and forms may
 * only post here — their redirects land on the site, so its origins are allowed too.
 */
export function checkoutPageCsp(siteOrigins: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${siteOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}
