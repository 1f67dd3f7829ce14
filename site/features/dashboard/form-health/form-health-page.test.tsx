import { screen, waitFor, within } from '@testing-library/react'
import type uPlot from 'uplot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { calledPaths, dashboardFixture, meFixture, stubApi } from '../testing/fixtures.ts'
import { NOT_AN_OPERATOR_MESSAGE } from '../../../../api/schemas/fill-reports.ts'
import {
  emptySummary,
  fieldHealthFixture,
  summaryFixture,
  windowOf,
} from './testing/fill-report-fixtures.ts'

/** uPlot draws on a canvas, which happy-dom lacks: record what it is given instead. */
const charts = vi.hoisted(() => [] as { opts: uPlot.Options; data: unknown[] }[])
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1
    width: number
    constructor(opts: uPlot.Options, data: unknown[]) {
      charts.push({ opts, data })
      this.width = opts.width
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

const REPORTS_PATH = '/admin/marketplace/fill-reports'

/** Laundry type stopped being found three days ago; agents taught two labels for it. */
const laundry = fieldHealthFixture({
  field: 'laundry',
  fills: 140,
  filled: 110,
  not_found: 30,
  rate: 110 / 140,
  per_day: windowOf(14).map((date, i) =>
    i < 11
      ? { date, fills: 10, filled: 10, not_found: 0 }
      : { date, fills: 10, filled: 0, not_found: 10 },
  ),
  recent: { fills: 50, filled: 20, rate: 0.4 },
  alert: true,
  taught_labels: [
    { label: 'Washer/dryer', count: 7 },
    { label: 'Laundry', count: 2 },
  ],
})
const price = fieldHealthFixture({
  field: 'price',
  fills: 140,
  filled: 138,
  not_found: 2,
  rate: 138 / 140,
  recent: { fills: 50, filled: 49, rate: 0.98 },
})

type Answers = Parameters<typeof stubApi>[0][string]

function open(reports: Answers, { admin = true, path = '/dashboard/form-health' } = {}) {
  localStorage.setItem('accessToken', 'access-1')
  const fetch = stubApi({
    '/users/me': [ok(meFixture({ is_admin: admin, is_subscribed: true }))],
    '/users/dashboard': [ok(dashboardFixture())],
    [REPORTS_PATH]: reports,
  })
  const view = renderAt(path, <DashboardPage />)
  return { fetch, ...view }
}

function reportQueries(fetch: ReturnType<typeof stubApi>): Record<string, string>[] {
  return fetch.mock.calls
    .map(([input]) => new URL(input, 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1${REPORTS_PATH}`)
    .map((url) => Object.fromEntries(url.searchParams))
}

function fieldTable(): HTMLElement {
  return screen.getByRole('table', { name: /^Fill results per form field/ })
}

function rowOf(name: string): HTMLElement {
  const header = within(fieldTable()).getByRole('rowheader', { name: new RegExp(`^${name}`) })
  const row = header.closest('tr')
  if (!row) throw new Error(`no row for ${name}`)
  return row
}

beforeEach(() => {
  charts.length = 0
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('form health in the sidebar (issue 11)', () => {
  it('is listed for an operator, last, and marked as the current page', async () => {
    open([ok(summaryFixture())])
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Listings',
      'Subscriptions',
      'Transactions',
      'Leads',
      'Settings',
      'Form health',
    ])
    expect(within(nav).getByRole('link', { name: 'Form health' })).toHaveAttribute(
      'href',
      '/dashboard/form-health',
    )
    expect(within(nav).getByRole('link', { name: 'Form health' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(document.title).toContain('Form health')
  })

  it('is not listed for an agent', async () => {
    open([ok(summaryFixture())], { admin: false, path: '/dashboard' })
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' })
    expect(within(nav).queryByRole('link', { name: 'Form health' })).not.toBeInTheDocument()
    expect(within(nav).getAllByRole('link')).toHaveLength(6)
  })

  it('gives an agent who types its address the dashboard’s not-found page, and asks nothing', async () => {
    const { fetch } = open([ok(summaryFixture())], { admin: false })
    expect(await screen.findByText('This dashboard page does not exist.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found')
    expect(calledPaths(fetch)).not.toContain(`/api/v1${REPORTS_PATH}`)
  })
})

describe('form health page (issue 11)', () => {
  it('asks for the last 14 days and shows every field with its numbers, alerted fields first', async () => {
    const { fetch } = open([ok(summaryFixture([laundry, price]))])
    await screen.findByRole('table', { name: 'Fill results per form field, last 14 days' })
    expect(reportQueries(fetch)).toEqual([{ days: '14' }])
    expect(screen.getByRole('radio', { name: '14 days' })).toBeChecked()

    const headers = within(fieldTable())
      .getAllByRole('rowheader')
      .map((h) => h.textContent)
    expect(headers).toEqual([
      'Laundry typeNeeds attention',
      'Sale or rent',
      'Property type',
      'Photos',
      'Bedrooms',
      'Bathrooms',
      'Price',
      'Address',
      'Description',
      'Square feet',
      'Parking type',
      'Air conditioning type',
      'Heating type',
      'Date available',
    ])
    expect(
      within(fieldTable())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Field',
      'Fills',
      'Filled',
      'Not found',
      'Rate (14 days)',
      'Recent rate (last 50)',
      'Taught labels',
    ])

    const alerted = rowOf('Laundry type')
    expect(alerted).toHaveAttribute('data-alert', 'true')
    expect(within(alerted).getByText('Needs attention')).toBeInTheDocument()
    const cells = within(alerted).getAllByRole('cell')
    expect(cells.slice(0, 5).map((c) => c.textContent)).toEqual([
      '140',
      '110',
      '30',
      '78.6%',
      '40%20 of 50',
    ])

    const healthy = rowOf('Price')
    expect(healthy).not.toHaveAttribute('data-alert')
    expect(within(healthy).queryByText('Needs attention')).not.toBeInTheDocument()
    expect(
      within(healthy)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent),
    ).toEqual(['140', '138', '2', '98.6%', '98%49 of 50'])
  })

  it('lists the labels agents taught for a field, most taught first', async () => {
    open([ok(summaryFixture([laundry]))])
    const list = await screen.findByRole('list', { name: 'Labels taught for Laundry type' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Washer/dryer×7 times', 'Laundry×2 times'])
    expect(within(rowOf('Price')).getByText('None')).toBeInTheDocument()
  })

  it('says what a red field means and where the fix goes', async () => {
    open([ok(summaryFixture())])
    await screen.findByRole('table', { name: /Fill results/ })
    expect(screen.getByText(/filled less than 90% of its last 50 fills/)).toHaveTextContent(
      'Marketplace form profile on the server; see docs/operations.md#marketplace-form-profile.',
    )
  })

  it('charts the overall daily rate and the alerted fields, with a summary in words', async () => {
    open([ok(summaryFixture([laundry, price]))])
    await screen.findByRole('table', { name: /Fill results/ })
    expect(screen.getByText(/140 fills reported in the last 14 days/)).toHaveTextContent(
      '1 field needs attention: Laundry type (40% of its last 50).',
    )
    // The chart is drawn in an effect, which a loaded machine may run after the table is found.
    const chart = await waitFor(() => {
      const drawn = charts.at(-1)
      if (!drawn) throw new Error('no chart yet')
      return drawn
    })
    expect(chart.opts.series.map((s) => s.label)).toEqual([undefined, 'All fields', 'Laundry type'])
    const [xs, overall, laundryRates] = chart.data as number[][]
    expect(xs).toHaveLength(14)
    expect(laundryRates?.slice(9)).toEqual([1, 1, 0, 0, 0])
    // 14 fields × 10 fills a day; on the last days Laundry type's 10 were not filled.
    expect(overall?.at(-1)).toBeCloseTo(130 / 140)
    expect(overall?.[0]).toBe(1)
    // The same numbers for screen readers.
    const table = screen.getByRole('table', { name: 'Daily fill rate (UTC)' })
    expect(within(table).getAllByRole('row')).toHaveLength(15)
    expect(
      within(table).getByRole('rowheader', { name: 'Friday, Mar 14' }).closest('tr'),
    ).toHaveTextContent('Friday, Mar 1492.9%0%')
  })

  it('loads the chosen window again with its days', async () => {
    const thirty = summaryFixture([], { days: 30 })
    const { user, fetch } = open([ok(summaryFixture()), ok(thirty)])
    await screen.findByRole('table', { name: /last 14 days/ })
    await user.click(screen.getByRole('radio', { name: '30 days' }))
    await screen.findByRole('table', { name: /last 30 days/ })
    expect(reportQueries(fetch)).toEqual([{ days: '14' }, { days: '30' }])
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked()
    expect(screen.getByRole('columnheader', { name: 'Rate (30 days)' })).toBeInTheDocument()
  })

  it('shows a spinner while the reports load', async () => {
    open([new Promise<Response>(() => undefined)])
    expect(await screen.findByText("Loading the form's health…")).toBeInTheDocument()
  })

  it('says so when no fill was reported in the window', async () => {
    open([ok(emptySummary(7))])
    expect(await screen.findByText('No fills reported in the last 7 days')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(charts).toHaveLength(0)
  })

  it('still shows the table in a quiet window when a field’s last fills raised an alert', async () => {
    const quiet = emptySummary(7)
    const fields = quiet.fields.map((f) =>
      f.field === 'heating'
        ? { ...f, recent: { fills: 50, filled: 10, rate: 0.2 }, alert: true }
        : f,
    )
    open([ok({ ...quiet, fields })])
    expect(await screen.findByText('No fills reported in the last 7 days')).toBeInTheDocument()
    expect(within(rowOf('Heating type')).getByText('Needs attention')).toBeInTheDocument()
  })

  it('tells a non-operator (403) that only operators can see it', async () => {
    open([fail(403, 'Forbidden')])
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_OPERATOR_MESSAGE)
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('shows the server’s error with Try again, which asks again', async () => {
    const { user, fetch } = open([fail(500, 'Database unavailable'), ok(summaryFixture())])
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("The form's health could not be loaded")
    expect(alert).toHaveTextContent('Database unavailable')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('table', { name: /Fill results/ })
    await waitFor(() => {
      expect(reportQueries(fetch)).toHaveLength(2)
    })
  })
})
