import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import type { Clock } from '../../clock.ts'
import { addBillingPeriod } from '../plans.ts'

/**
 * A local fake of the parts of Stripe's HTTP API the server calls, on loopback, so the Stripe
 * provider is tested through the real SDK (pointed here with host/port/protocol) without the
 * network. It keeps objects in memory in Stripe's shapes (API 2025+: periods on subscription
 * items, invoice → subscription under `parent.subscription_details`), and plays the customer
 * and Stripe's billing engine: `completeCheckout`, `renew`, `endSubscription` change its objects
 * and answer the events Stripe would send, for the test to sign and deliver.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake_listingbridge'
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_listingbridge'

type Obj = Record<string, unknown>

export interface FakeStripeRequest {
  method: string
  path: string
  params: Obj
}

export interface FakeStripe {
  /** `http://127.0.0.1:PORT`, for STRIPE_API_URL. */
  url: string
  /** Every API request received, in order. */
  requests: FakeStripeRequest[]
  prices: Map<string, Obj>
  sessions: Map<string, Obj>
  subscriptions: Map<string, Obj>
  invoices: Map<string, Obj>
  /** Answer 500 to every API call while set (a Stripe outage). */
  failing: boolean
  /**
   * The customer pays on Stripe's page; answers the events Stripe sends for it, in its order.
   * Throws for a session that is no longer open (expired or paid), as Stripe's page refuses it.
   */
  completeCheckout: (sessionId: string) => Stripe.Event[]
  /** The billing engine charges the next period (the first, at the end of a trial). */
  renew: (subscriptionId: string) => Stripe.Event[]
  /** The subscription ends (cancelled at period end, or deleted in the dashboard). */
  endSubscription: (subscriptionId: string) => Stripe.Event[]
  close: () => Promise<void>
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`
}

/** `a[b][0][c]=v` form encoding (what the SDK sends) into nested objects and arrays. */
export function parseStripeParams(encoded: string): Obj {
  const root: Obj = {}
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Obj = root
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= {}
      node = node[part] as Obj
    })
  }
  return arraysFromIndexes(root) as Obj
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value as Obj).map(([k, v]) => [k, arraysFromIndexes(v)] as const)
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
  }
  return Object.fromEntries(entries)
}

function list(url: string, data: Obj[]): Obj {
  return { object: 'list', url, has_more: false, data }
}

class NotFound extends Error {}
class InvalidRequest extends Error {}

/** Stripe refuses a Checkout Session whose trial ends sooner than this. */
const MIN_CHECKOUT_TRIAL_SECONDS = 48 * 3600

export async function startFakeStripe(clock: Clock): Promise<FakeStripe> {
  const prices = new Map<string, Obj>()
  const sessions = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const invoices = new Map<string, Obj>()
  const requests: FakeStripeRequest[] = []
  const now = () => Math.floor(clock().getTime() / 1000)

  function find(map: Map<string, Obj>, key: string | undefined, what: string): Obj {
    const found = key ? map.get(key) : undefined
    if (!found) throw new NotFound(`No such ${what}: '${key ?? ''}'`)
    return found
  }

  function event(type: string, object: Obj): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event
  }

  function createPrice(params: Obj): Obj {
    const lookupKey = params.lookup_key as string | undefined
    if (lookupKey && params.transfer_lookup_key === 'true') {
      for (const price of prices.values())
        if (price.lookup_key === lookupKey) price.lookup_key = null
    }
    const productData = params.product_data as Obj | undefined
    const price: Obj = {
      id: id('price'),
      object: 'price',
      active: true,
      currency: params.currency,
      unit_amount: Number(params.unit_amount),
      recurring: { interval: (params.recurring as Obj).interval, interval_count: 1 },
      lookup_key: lookupKey ?? null,
      product: params.product ?? id('prod'),
      product_name: productData?.name ?? null,
      metadata: params.metadata ?? {},
      type: 'recurring',
    }
    prices.set(String(price.id), price)
    return price
  }

  function createSession(params: Obj): Obj {
    const sessionId = id('cs_test')
    const lineItems = params.line_items as Obj[]
    find(prices, lineItems[0]?.price as string, 'price')
    const trialEnd = (params.subscription_data as Obj | undefined)?.trial_end
    if (trialEnd !== undefined && Number(trialEnd) < now() + MIN_CHECKOUT_TRIAL_SECONDS) {
      throw new InvalidRequest(
        'subscription_data.trial_end: must be at least 48 hours in the future.',
      )
    }
    const session: Obj = {
      id: sessionId,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      subscription: null,
      invoice: null,
      expires_at: now() + 24 * 3600,
      created: now(),
      // Kept for the fake's own use; Stripe exposes these through other calls.
      _line_items: lineItems,
      _subscription_data: params.subscription_data ?? {},
    }
    sessions.set(sessionId, session)
    return session
  }

  function periodAfter(start: number, interval: string): number {
    const end = addBillingPeriod(new Date(start * 1000), interval === 'year' ? 'year' : 'month')
    return Math.floor(end.getTime() / 1000)
  }

  /** A paid invoice of the subscription's price; a trial's opening invoice is $0. */
  function paidInvoice(subscription: Obj, reason: string, start: number, end: number): Obj {
    const item = (subscription.items as { data: Obj[] }).data[0] as Obj
    const price = item.price as Obj
    const amount = subscription.status === 'trialing' ? 0 : price.unit_amount
    const invoice: Obj = {
      id: id('in'),
      object: 'invoice',
      status: 'paid',
      customer: subscription.customer,
      currency: price.currency,
      amount_due: amount,
      amount_paid: amount,
      billing_reason: reason,
      created: now(),
      hosted_invoice_url: `https://invoice.stripe.test/i/${String(subscription.id)}/${start}`,
      status_transitions: { paid_at: now(), finalized_at: now() },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: list('/v1/invoices/lines', [
        { id: id('il'), object: 'line_item', amount, period: { start, end } },
      ]),
    }
    invoices.set(invoice.id as string, invoice)
    return invoice
  }

  function publicSession(session: Obj): Obj {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')))
  }

  function route(method: string, path: string, params: Obj): Obj {
    const parts = path.split('/').filter(Boolean)
    const [, resource, sub, third] = parts
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? []
      const data = [...prices.values()].filter(
        (p) =>
          (keys.length === 0 || keys.includes(p.lookup_key as string)) &&
          (params.active === undefined || String(p.active) === params.active),
      )
      return list('/v1/prices', data)
    }
    if (method === 'POST' && path === '/v1/prices') return createPrice(params)
    if (resource === 'checkout' && sub === 'sessions') {
      if (method === 'POST' && !third) return publicSession(createSession(params))
      if (method === 'GET') return publicSession(find(sessions, third, 'checkout.session'))
      if (method === 'POST' && parts[4] === 'expire') {
        const session = find(sessions, third, 'checkout.session')
        if (session.status !== 'open') {
          throw new InvalidRequest('Only Checkout Sessions with a status of `open` can be expired.')
        }
        Object.assign(session, { status: 'expired', url: null })
        return publicSession(session)
      }
    }
    if (resource === 'subscriptions' && sub) {
      const subscription = find(subscriptions, sub, 'subscription')
      if (method === 'DELETE') {
        // Cancelled at once (no proration asked): it ends now.
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() })
        return subscription
      }
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true'
          subscription.canceled_at = subscription.cancel_at_period_end ? now() : null
        }
        return subscription
      }
      return subscription
    }
    if (method === 'GET' && resource === 'invoices' && sub) return find(invoices, sub, 'invoice')
    throw new NotFound(`Unrecognized request URL (${method}: ${path})`)
  }

  const fake: FakeStripe = {
    url: '',
    requests,
    prices,
    sessions,
    subscriptions,
    invoices,
    failing: false,

    completeCheckout(sessionId) {
      const session = find(sessions, sessionId, 'checkout.session')
      // Stripe's page takes no payment for an expired (or already paid) session.
      if (session.status !== 'open') throw new InvalidRequest(`checkout ${sessionId} is not open`)
      const price = find(prices, (session._line_items as Obj[])[0]?.price as string, 'price')
      const start = now()
      const subscriptionData = session._subscription_data as Obj
      // With a trial the first period runs to its end, and the first charge comes then.
      const trialEnd =
        subscriptionData.trial_end === undefined ? null : Number(subscriptionData.trial_end)
      const end = trialEnd ?? periodAfter(start, (price.recurring as Obj).interval as string)
      const customer = (session.customer as string | null) ?? id('cus')
      const metadata = (subscriptionData.metadata as Obj | undefined) ?? {}
      const subscription: Obj = {
        id: id('sub'),
        object: 'subscription',
        status: trialEnd === null ? 'active' : 'trialing',
        trial_start: trialEnd === null ? null : start,
        trial_end: trialEnd,
        customer,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        created: start,
        metadata,
        items: list('/v1/subscription_items', [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ]),
      }
      subscriptions.set(subscription.id as string, subscription)
      const invoice = paidInvoice(subscription, 'subscription_create', start, end)
      Object.assign(session, {
        status: 'complete',
        payment_status: trialEnd === null ? 'paid' : 'no_payment_required',
        customer,
        subscription: subscription.id,
        invoice: invoice.id,
      })
      return [
        event('customer.subscription.created', subscription),
        event('invoice.paid', invoice),
        event('checkout.session.completed', publicSession(session)),
      ]
    },

    renew(subscriptionId) {
      const subscription = find(subscriptions, subscriptionId, 'subscription')
      const item = (subscription.items as { data: Obj[] }).data[0] as Obj
      const start = item.current_period_end as number
      const end = periodAfter(start, ((item.price as Obj).recurring as Obj).interval as string)
      Object.assign(item, { current_period_start: start, current_period_end: end })
      // A trial ends with its first charge.
      subscription.status = 'active'
      const invoice = paidInvoice(subscription, 'subscription_cycle', start, end)
      return [event('invoice.paid', invoice), event('customer.subscription.updated', subscription)]
    },

    endSubscription(subscriptionId) {
      const subscription = find(subscriptions, subscriptionId, 'subscription')
      Object.assign(subscription, { status: 'canceled', ended_at: now() })
      return [event('customer.subscription.deleted', subscription)]
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error)
          else resolve()
        })
        server.closeAllConnections()
      }),
  }

  function send(res: ServerResponse, status: number, body: Obj): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    res.end(JSON.stringify(body))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    const params = parseStripeParams(
      method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'),
    )
    requests.push({ method, path: url.pathname, params })
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      })
      return
    }
    if (fake.failing) {
      send(res, 500, { error: { type: 'api_error', message: 'Fake outage' } })
      return
    }
    try {
      send(res, 200, route(method, url.pathname, params))
    } catch (error) {
      if (!(error instanceof NotFound || error instanceof InvalidRequest)) throw error
      const status = error instanceof NotFound ? 404 : 400
      send(res, status, { error: { type: 'invalid_request_error', message: error.message } })
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** Signs an event as Stripe would for the given secret: the `stripe-signature` header. */
export function signEvent(payload: string, secret = FAKE_WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret })
}
