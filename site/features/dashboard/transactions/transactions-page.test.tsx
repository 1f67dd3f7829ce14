import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '../../../../api/schemas/payment.ts'
import { fail, ok, type FetchMock } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { dashboardFixture, meFixture, transactionFixture as tx } from '../testing/fixtures.ts'
import TransactionsPage from './transactions-page.tsx'

/** Twelve monthly payments, newest first, and one pending upgrade on top. */
const history = [
  tx({
    _id: 'ffff0000-aaaa-bbbb',
    transaction_timestamp: '2025-12-20T12:00:00.000Z',
    payment_type: 'subscription_update',
    transaction_amount_in_usd: 468,
    transaction_status: 'pending',
    receipt_url: null,
  }),
  ...Array.from({ length: 12 }, (_, i) =>
    tx({
      _id: `${String(12 - i).padStart(2, '0')}aa11bb-cccc-dddd`,
      transaction_timestamp: new Date(Date.UTC(2025, 11 - i, 15, 12)).toISOString(),
      payment_type: 'subscription_cycle',
      transaction_amount_in_usd: 49,
      receipt_url: `https://pay.example.com/receipts/${i}`,
    }),
  ),
]

type Answer = (query: URLSearchParams) => Response | Promise<Response>

/** Pages `all` as the server does; the search here is a stand-in (the server's is tested there). */
function serverPage(all: readonly Transaction[]): Answer {
  return (query) => {
    const q = (query.get('q') ?? '').toLowerCase().replace(/^#/, '')
    const page = Number(query.get('page') ?? '1')
    const size = Number(query.get('page_size') ?? '20')
    const found = all.filter((t) =>
      [t._id, t.transaction_status, String(t.transaction_amount_in_usd)].some((s) => s.includes(q)),
    )
    return ok({
      items: found.slice((page - 1) * size, page * size),
      page,
      page_size: size,
      total: found.length,
    })
  }
}

/** Stubs fetch: /users/transactions answers by `answer`, the dashboard gate by fixtures. */
function stubServer(answer: Answer): FetchMock {
  const mock: FetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost')
    const path = url.pathname.replace(/^\/api\/v1/, '')
    if (path === '/users/transactions') return Promise.resolve(answer(url.searchParams))
    if (path === '/users/me') return Promise.resolve(ok(meFixture()))
    if (path === '/users/dashboard') return Promise.resolve(ok(dashboardFixture()))
    return Promise.reject(new Error(`unexpected fetch ${input}`))
  })
  vi.stubGlobal('fetch', mock)
  return mock
}

function queries(mock: FetchMock): Record<string, string>[] {
  return mock.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/users/transactions')
    .map((url) => Object.fromEntries(url.searchParams))
}

function open(answer: Answer) {
  const fetch = stubServer(answer)
  const view = renderAt('/dashboard/transactions', <TransactionsPage />)
  return { fetch, ...view }
}

function rows() {
  return screen.getAllByRole('row').slice(1)
}
function cells(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}
const shownIds = () => rows().map((r) => cells(r)[0])

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('transaction table', () => {
  it('shows the server’s rows: ID, Date, Payment Type, Amount, Payment Status and Receipt', async () => {
    const { fetch } = open(serverPage(history))
    expect(screen.getByText('Loading your transactions…')).toBeInTheDocument()
    await screen.findByText('#ffff0000')
    expect(queries(fetch)).toEqual([{ page: '1', page_size: '5' }])
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Date',
      'Payment Type',
      'Amount',
      'Payment Status',
      'Receipt',
    ])
    const [pending, paid] = rows()
    if (!pending || !paid) throw new Error('rows missing')
    expect(cells(pending)).toEqual([
      '#ffff0000',
      '12/20/2025',
      'subscription update',
      '$468.00',
      'Pending',
      '—',
    ])
    expect(cells(paid).slice(0, 5)).toEqual([
      '#12aa11bb',
      '12/15/2025',
      'subscription cycle',
      '$49.00',
      'Succeeded',
    ])
    // Green for succeeded, yellow otherwise.
    expect(within(paid).getByText('Succeeded')).toHaveAttribute('data-tone', 'success')
    expect(within(pending).getByText('Pending')).toHaveAttribute('data-tone', 'warning')
    const receipt = within(paid).getByRole('link', { name: /View receipt/ })
    expect(receipt).toHaveAttribute('href', 'https://pay.example.com/receipts/0')
    expect(receipt).toHaveAttribute('target', '_blank')
    expect(receipt.getAttribute('rel')).toContain('noopener')
    expect(receipt).toHaveAccessibleName('View receipt (opens in a new tab)')
  })

  it('pages through the server 5 at a time with Previous, Next and page numbers', async () => {
    const { fetch, user } = open(serverPage(history))
    await screen.findByText('Showing 1–5 of 13')
    expect(rows()).toHaveLength(5)
    const pages = screen.getByRole('navigation', { name: 'Transaction pages' })
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 6–10 of 13')
    expect(queries(fetch).at(-1)).toEqual({ page: '2', page_size: '5' })
    expect(shownIds()[0]).toBe('#08aa11bb')
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }))
    await screen.findByText('Showing 11–13 of 13')
    expect(rows()).toHaveLength(3)
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(within(pages).getByRole('button', { name: 'Previous' }))
    await screen.findByText('Showing 6–10 of 13')
  })

  it('searches on the server once typing pauses, from the first page', async () => {
    const { fetch, user } = open(serverPage(history))
    await screen.findByText('Showing 1–5 of 13')
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await screen.findByText('Showing 11–13 of 13')
    const before = queries(fetch).length

    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), '#03aa')
    await screen.findByText('Showing 1–1 of 1')
    // One request for the whole word, not one per keystroke.
    expect(queries(fetch).slice(before)).toEqual([{ page: '1', page_size: '5', q: '#03aa' }])
    expect(shownIds()).toEqual(['#03aa11bb'])

    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), 'pending')
    await waitFor(() => {
      expect(shownIds()).toEqual(['#ffff0000'])
    })

    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), '49')
    await screen.findByText('Showing 1–5 of 12')
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await screen.findByText('Showing 6–10 of 12')
    expect(queries(fetch).at(-1)).toEqual({ page: '2', page_size: '5', q: '49' })
  })

  it('shows "No transactions found." without any, and no pagination for one page', async () => {
    const { unmount } = open(serverPage([]))
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    unmount()
    open(serverPage(history.slice(0, 3)))
    await screen.findByText('Showing 1–3 of 3')
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument()
  })

  it('shows "No transactions found." when the search finds nothing', async () => {
    const { user } = open(serverPage(history))
    await screen.findByText('Showing 1–5 of 13')
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'refund')
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the error with Try again, which asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let down = true
    const page = serverPage(history)
    const { user } = open((query) => (down ? fail(500, 'Database is down') : page(query)))
    expect(await screen.findByText('Your transactions could not be loaded')).toBeInTheDocument()
    expect(screen.getByText('Database is down')).toBeInTheDocument()
    down = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Showing 1–5 of 13')).toBeInTheDocument()
  })

  it('drops an answer that arrives after the search changed', async () => {
    const page = serverPage(history)
    let release: (() => void) | undefined
    const { fetch, user } = open((query) => {
      if (query.get('q') !== 'pending') return page(query)
      // The answer for "pending" is slow: it comes after the next search's.
      return new Promise<Response>((resolve) => {
        release = () => {
          resolve(page(query))
        }
      })
    })
    await screen.findByText('Showing 1–5 of 13')
    const search = screen.getByRole('searchbox', { name: 'Search transactions' })
    await user.type(search, 'pending')
    await waitFor(() => {
      expect(release).toBeDefined()
    })
    await user.clear(search)
    await user.type(search, 'refund')
    await screen.findByText('No transactions found.')
    release?.()
    await waitFor(() => {
      expect(queries(fetch).at(-1)).toMatchObject({ q: 'refund' })
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText('No transactions found.')).toBeInTheDocument()
    expect(screen.queryByText('#ffff0000')).not.toBeInTheDocument()
  })

  it('is the dashboard page at /dashboard/transactions, from /users/transactions', async () => {
    stubServer(serverPage(history.slice(0, 2)))
    renderAt('/dashboard/transactions', <DashboardPage />)
    expect(await screen.findByText('#ffff0000')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transactions')
    expect(rows()).toHaveLength(2)
  })
})
