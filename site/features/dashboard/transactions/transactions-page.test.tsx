import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import {
  dashboardFixture,
  meFixture,
  stubApi,
  transactionFixture as tx,
} from '../testing/fixtures.ts'
import { Transactions } from './transactions-page.tsx'

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

function rows() {
  return screen.getAllByRole('row').slice(1)
}
function cells(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('transaction table (SPEC §2 /dashboard/transactions, §9)', () => {
  it('shows ID, Date, Payment Type, Amount, Payment Status and Receipt in the spec formats', () => {
    renderAt('/dashboard/transactions', <Transactions transactions={history} />)
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

  it('pages through 5 at a time with Previous, Next and page numbers', async () => {
    const { user } = renderAt('/dashboard/transactions', <Transactions transactions={history} />)
    expect(rows()).toHaveLength(5)
    expect(screen.getByText('Showing 1–5 of 13')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Transaction pages' })
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Showing 6–10 of 13')).toBeInTheDocument()
    expect(cells(rows()[0] ?? document.body)[0]).toBe('#08aa11bb')
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }))
    expect(rows()).toHaveLength(3)
    expect(screen.getByText('Showing 11–13 of 13')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(within(pages).getByRole('button', { name: 'Previous' }))
    expect(screen.getByText('Showing 6–10 of 13')).toBeInTheDocument()
  })

  it('searches by ID, type, status and amount, from the first page', async () => {
    const { user } = renderAt('/dashboard/transactions', <Transactions transactions={history} />)
    const search = screen.getByRole('searchbox', { name: 'Search transactions' })
    await user.click(screen.getByRole('button', { name: 'Page 3' }))

    await user.type(search, '#03aa')
    expect(rows().map((r) => cells(r)[0])).toEqual(['#03aa11bb'])
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, 'pending')
    expect(rows().map((r) => cells(r)[0])).toEqual(['#ffff0000'])

    await user.clear(search)
    await user.type(search, 'subscription cycle')
    expect(screen.getByText('Showing 1–5 of 12')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, '$468.00')
    expect(rows()).toHaveLength(1)

    await user.clear(search)
    await user.type(search, '49')
    expect(screen.getByText('Showing 1–5 of 12')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, 'refund')
    expect(screen.getByText('No transactions found.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows "No transactions found." without any, and no pagination for one page', () => {
    const { unmount } = renderAt('/dashboard/transactions', <Transactions transactions={[]} />)
    expect(screen.getByText('No transactions found.')).toBeInTheDocument()
    unmount()
    renderAt('/dashboard/transactions', <Transactions transactions={history.slice(0, 3)} />)
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument()
  })

  it('lists recent_transactions from the dashboard call', async () => {
    localStorage.setItem('accessToken', 'access-1')
    stubApi({
      '/users/me': [ok(meFixture())],
      '/users/dashboard': [ok(dashboardFixture({ recent_transactions: history.slice(0, 2) }))],
    })
    renderAt('/dashboard/transactions', <DashboardPage />)
    expect(await screen.findByText('#ffff0000')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transactions')
    expect(rows()).toHaveLength(2)
  })
})
