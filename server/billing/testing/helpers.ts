import type { LightMyRequestResponse } from 'fastify'
import { signAccessToken } from '../../auth/access-token.ts'
import { startRefreshFamily } from '../../auth/refresh-tokens.ts'
import type { ApiResponse, TestApp } from '../../testing/test-app.ts'

/** Test helpers for billing: a signed-in user's calls and the test checkout's pages. */

export interface Session {
  userId: string
  email: string
}

/**
 * A bearer token valid at the test clock's now: tests move the clock by days, far past the
 * 15-minute life of the token the login gave. Of the account's current session generation and
 * one of its live sessions (one is started when it has none), as a fresh login's would be.
 */
export async function bearer(t: TestApp, user: Session): Promise<Record<string, string>> {
  const account = await t.ctx.db
    .selectFrom('users')
    .select('session_generation')
    .where('id', '=', user.userId)
    .executeTakeFirst()
  const live = await t.ctx.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('user_id', '=', user.userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  const sessionId =
    live?.family_id ?? (await startRefreshFamily(t.ctx.db, user.userId, t.clock)).familyId
  const claims = { userId: user.userId, generation: account?.session_generation ?? 0, sessionId }
  const token = await signAccessToken(claims, t.ctx.config.jwtSecret, t.clock)
  return { authorization: `Bearer ${token}` }
}

export async function checkout(t: TestApp, user: Session, planId: string, email = user.email) {
  const query = new URLSearchParams({ plan_id: planId, email })
  return t.api({
    method: 'POST',
    url: `/payment/checkout?${query.toString()}`,
    headers: await bearer(t, user),
  })
}

export function verifyPayment(t: TestApp, sessionId: string): Promise<ApiResponse> {
  return t.api({
    method: 'GET',
    url: `/payment/verify-payment?session_id=${encodeURIComponent(sessionId)}`,
  })
}

export async function dashboard(t: TestApp, user: Session): Promise<ApiResponse> {
  return t.api({ method: 'GET', url: '/users/dashboard', headers: await bearer(t, user) })
}

export async function me(t: TestApp, user: Session): Promise<ApiResponse> {
  return t.api({ method: 'GET', url: '/users/me', headers: await bearer(t, user) })
}

export async function cancelSubscription(
  t: TestApp,
  user: Session,
  subscriptionId: string,
): Promise<ApiResponse> {
  return t.api({
    method: 'POST',
    url: '/payment/cancel-subscription',
    headers: await bearer(t, user),
    payload: { subscription_id: subscriptionId },
  })
}

/** The server-relative path of an absolute URL the server answered (checkout_url, receipt_url). */
export function pathOf(url: string): string {
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

/** The `action` of the form whose submit button reads `label` on a test checkout page. */
export function formAction(html: string, label: RegExp): string {
  for (const match of html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)) {
    const [, action, inner] = match
    if (action && inner && label.test(inner)) return action
  }
  throw new Error(`no form with a ${String(label)} button in the page`)
}

/** Submits a page's form as a browser does: urlencoded, here with no fields. */
export function submitForm(t: TestApp, action: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })
}

/** The checkout page's Pay button: "Pay $49.00", or "Start subscription" when the trial is kept. */
export const PAY_BUTTON = /Pay \$|Start subscription/

/** Opens the checkout page of a checkout_url and presses Pay; answers the page and the reply. */
export async function payOnTestCheckout(t: TestApp, checkoutUrl: string) {
  const page = await t.app.inject({ method: 'GET', url: pathOf(checkoutUrl) })
  if (page.statusCode !== 200) throw new Error(`checkout page: ${page.statusCode} ${page.body}`)
  const paid = await submitForm(t, formAction(page.body, PAY_BUTTON))
  return { page, paid }
}

/** The free trial ends now: a checkout from here on charges at once. */
export async function endTrial(t: TestApp, user: Session): Promise<void> {
  await t.ctx.db
    .updateTable('users')
    .set({ trial_end: t.clock().toISOString() })
    .where('id', '=', user.userId)
    .where('trial_end', '>', t.clock().toISOString())
    .execute()
}

/** The session id /success receives, from Pay's redirect. */
export function successSessionId(location: string): string {
  const id = new URL(location).searchParams.get('session_id')
  if (!id) throw new Error(`no session_id in ${location}`)
  return id
}

/**
 * Checkout → Pay → verify: a subscriber, charged at once. A trial still running is ended first
 * (endTrial), since most tests are about paid periods; `keepTrial` buys during the trial, which
 * keeps its days and is first charged when it ends.
 */
export async function subscribeWithTestCheckout(
  t: TestApp,
  user: Session,
  planId = 'pro-monthly',
  { keepTrial = false }: { keepTrial?: boolean } = {},
) {
  if (!keepTrial) await endTrial(t, user)
  const started = await checkout(t, user, planId)
  if (started.statusCode !== 200) throw new Error(`checkout: ${started.body}`)
  const { paid } = await payOnTestCheckout(t, String(started.json().data?.checkout_url))
  const sessionId = successSessionId(String(paid.headers.location))
  const verified = await verifyPayment(t, sessionId)
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`)
  return { sessionId, subscriptionId: String(verified.json().data?.subscription_id) }
}

export async function transactionCount(t: TestApp, userId?: string): Promise<number> {
  let query = t.ctx.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n'))
  if (userId) query = query.where('user_id', '=', userId)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.n)
}
