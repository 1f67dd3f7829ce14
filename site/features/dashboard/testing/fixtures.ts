import { vi } from 'vitest'
import type { Transaction } from '../../../../api/schemas/payment.ts'
import type { Dashboard, Me } from '../../../../api/schemas/users.ts'
import type { FetchMock } from '../../../testing/http.ts'

/** Test data for the dashboard in the API's shapes, with sensible defaults. */
const DAY_MS = 24 * 60 * 60 * 1000

export function inDays(days: number, from = Date.now()): string {
  return new Date(from + days * DAY_MS).toISOString()
}

export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    _id: 'user-1',
    full_name: 'Ann Agent',
    email: 'ann@example.com',
    phone: '+14155550123',
    is_subscribed: false,
    subscription_expiry: null,
    subscription_state: null,
    trial_end: inDays(5),
    is_admin: false,
    agent_profile: null,
    pending_email: null,
    ...overrides,
  }
}

/** Seven days of calls, each day's listings converted but for its `leads` saved. */
export function week(
  counts: number[] = [0, 0, 0, 0, 0, 0, 0],
  leads: number[] = [],
): Dashboard['api_usage_last_seven_days'] {
  // 2025-01-06 is a Monday: the week runs Mon … Sun.
  return counts.map((count, i) => ({
    date: `2025-01-${String(6 + i).padStart(2, '0')}`,
    count,
    listings: count - (leads[i] ?? 0),
    leads: leads[i] ?? 0,
  }))
}

export function transactionFixture(overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
    transaction_timestamp: '2025-03-15T12:00:00.000Z',
    payment_type: 'subscription_create',
    transaction_amount_in_usd: 49,
    transaction_currency: 'usd',
    transaction_status: 'succeeded',
    receipt_url: 'https://pay.example.com/receipts/1',
    ...overrides,
  }
}

export function dashboardFixture(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    total_api_calls: 0,
    total_api_calls_last_seven_days: 0,
    total_api_calls_this_month: 0,
    api_calls_by_kind: {
      total: { listings: 0, leads: 0 },
      last_seven_days: { listings: 0, leads: 0 },
      this_month: { listings: 0, leads: 0 },
    },
    api_usage_last_seven_days: week(),
    has_converted_listing: false,
    has_saved_lead: false,
    active_subscription_id: null,
    current_plan: null,
    subscription_expiry: null,
    cancel_at_period_end: false,
    subscription_state: null,
    next_charge_in_usd: null,
    recent_transactions: [],
    ...overrides,
  }
}

type Answer = Response | Promise<Response> | (() => Response | Promise<Response>)

/**
 * Stubs fetch with answers per API path (e.g. '/users/me'): each call to a path takes its next
 * answer; the last answer repeats. Order between paths does not matter, as in a browser where the
 * dashboard asks for /users/me and /users/dashboard at once.
 */
export function stubApi(routes: Record<string, Answer[]>): FetchMock {
  const queues = new Map(Object.entries(routes).map(([path, answers]) => [path, [...answers]]))
  const mock: FetchMock = vi.fn((input: string) => {
    const path = new URL(input, 'http://localhost').pathname.replace(/^\/api\/v1/, '')
    const queue = queues.get(path)
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0]
    if (next === undefined) return Promise.reject(new Error(`unexpected fetch ${input}`))
    if (typeof next === 'function') return Promise.resolve(next())
    // A body can be read once: every call gets its own copy.
    return next instanceof Response ? Promise.resolve(next.clone()) : next
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

/** The paths the stub was asked for, in order. */
export function calledPaths(mock: FetchMock): string[] {
  return mock.mock.calls.map(([input]) => new URL(input, 'http://localhost').pathname)
}
