import { screen, waitFor, within } from '@testing-library/react'
import type uPlot from 'uplot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { dashboardFixture, meFixture, stubApi, week } from '../testing/fixtures.ts'
import { chartOptions } from './usage-chart.tsx'

/** uPlot draws on a canvas, which happy-dom lacks: record what it is given instead. */
const charts = vi.hoisted(() => [] as { opts: uPlot.Options; data: unknown }[])
vi.mock('uplot', () => {
  class FakePlot {
    static pxRatio = 1
    static paths = { bars: () => () => null }
    width: number
    constructor(opts: uPlot.Options, data: unknown) {
      charts.push({ opts, data })
      this.width = opts.width
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot }
})

function logIn() {
  localStorage.setItem('accessToken', 'access-1')
}

async function openAnalytics(dashboard = dashboardFixture()) {
  logIn()
  stubApi({ '/users/me': [ok(meFixture())], '/users/dashboard': [ok(dashboard)] })
  const view = renderAt('/dashboard', <DashboardPage />)
  await screen.findByRole('list', { name: 'API call totals' })
  return view
}

/** A chart with a plotting area `height` px tall, as far as the chart's hooks look at it. */
function plotOf(height = 200): uPlot {
  const plot: unknown = { bbox: { left: 0, top: 0, width: 600, height } }
  return plot as uPlot
}

function cardValue(label: string): string | null | undefined {
  const card = screen.getByText(label, { selector: 'p' }).closest('li')
  return card?.querySelector('p:nth-of-type(2)')?.textContent
}

beforeEach(() => {
  charts.length = 0
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function cardKinds(key: string): string | null | undefined {
  return document.querySelector(`[data-card="${key}"] [data-card-kinds]`)?.textContent
}

describe('analytics cards on /dashboard', () => {
  it('shows Total, Today (the last day of the series), This Week and This Month', async () => {
    await openAnalytics(
      dashboardFixture({
        total_api_calls: 12345,
        total_api_calls_last_seven_days: 63,
        total_api_calls_this_month: 410,
        api_usage_last_seven_days: week([1, 2, 4, 8, 16, 23, 9]),
      }),
    )
    expect(cardValue('Total API Calls')).toBe('12,345')
    expect(cardValue('Today')).toBe('9')
    expect(cardValue('This Week')).toBe('63')
    // The month's own figure, not the total the old client showed.
    expect(cardValue('This Month')).toBe('410')
  })

  it('splits each total into listings converted and leads saved, and says what an API call is', async () => {
    await openAnalytics(
      dashboardFixture({
        total_api_calls: 1200,
        total_api_calls_last_seven_days: 63,
        total_api_calls_this_month: 410,
        api_calls_by_kind: {
          total: { listings: 1000, leads: 200 },
          last_seven_days: { listings: 62, leads: 1 },
          this_month: { listings: 400, leads: 10 },
        },
        api_usage_last_seven_days: week([1, 2, 4, 8, 16, 23, 9], [0, 0, 0, 0, 0, 0, 1]),
        has_converted_listing: true,
        has_saved_lead: true,
      }),
    )
    expect(cardKinds('total')).toBe('1,000 listings · 200 leads')
    expect(cardKinds('today')).toBe('8 listings · 1 lead')
    expect(cardKinds('week')).toBe('62 listings · 1 lead')
    expect(cardKinds('month')).toBe('400 listings · 10 leads')
    const cards = screen.getByRole('list', { name: 'API call totals' })
    expect(cards).toHaveAccessibleDescription(
      'An API call is a listing converted to a Facebook Marketplace draft (the same listing counts once per 24 hours) or an FSBO lead saved.',
    )
  })

  it('counts calls from before the kind was recorded as of unknown kind', async () => {
    await openAnalytics(
      dashboardFixture({
        total_api_calls: 70,
        api_calls_by_kind: {
          total: { listings: 5, leads: 1 },
          last_seven_days: { listings: 0, leads: 0 },
          this_month: { listings: 0, leads: 0 },
        },
        has_converted_listing: true,
      }),
    )
    expect(cardKinds('total')).toBe('5 listings · 1 lead · 64 of unknown kind')
    expect(cardKinds('week')).toBe('0 listings · 0 leads')
  })

  it('says so when the last 7 days have no calls, and draws no chart', async () => {
    await openAnalytics(dashboardFixture({ total_api_calls: 70 }))
    expect(screen.getByText('No API calls recorded in the last 7 days')).toBeInTheDocument()
    expect(cardValue('Total API Calls')).toBe('70')
    expect(charts).toHaveLength(0)
  })
})

describe('7-day chart', () => {
  const counts = [3, 0, 12, 1, 1000, 40, 7]

  const leads = [1, 0, 2, 0, 400, 0, 7]

  /** The table's header row and each day's cells, as text. */
  function tableText(): string[][] {
    const table = screen.getByRole('table')
    return within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
  }

  it('gives uPlot the seven days, with a legend of the kinds and a table of the same numbers', async () => {
    await openAnalytics(
      dashboardFixture({ total_api_calls: 1063, api_usage_last_seven_days: week(counts, leads) }),
    )
    // Drawn in an effect, which a loaded machine may run after the totals are found.
    await waitFor(() => {
      expect(charts).toHaveLength(1)
    })
    expect(charts[0]?.data).toEqual([[0, 1, 2, 3, 4, 5, 6], counts])

    const legend = document.querySelector('[data-chart-legend]')
    expect([...(legend?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Listings converted',
      'Leads saved',
    ])
    expect(screen.getByRole('table', { name: /API calls per day by kind/ })).toBeInTheDocument()
    expect(tableText()).toEqual([
      ['Day', 'Listings converted', 'Leads saved', 'All API calls'],
      ['Monday, Jan 6', '2', '1', '3'],
      ['Tuesday, Jan 7', '0', '0', '0'],
      ['Wednesday, Jan 8', '10', '2', '12'],
      ['Thursday, Jan 9', '1', '0', '1'],
      ['Friday, Jan 10', '600', '400', '1,000'],
      ['Saturday, Jan 11', '40', '0', '40'],
      ['Sunday, Jan 12', '0', '7', '7'],
    ])
    expect(document.querySelector('[data-usage-chart]')).toHaveAttribute('aria-hidden', 'true')
  })

  it('adds the calls of unknown kind to the legend and the table only when a day has some', async () => {
    const days = week([5, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0, 2]).map((day, i) =>
      i === 0 ? { ...day, listings: 1 } : day,
    )
    await openAnalytics(dashboardFixture({ total_api_calls: 7, api_usage_last_seven_days: days }))
    const legend = document.querySelector('[data-chart-legend]')
    expect(legend?.textContent).toContain('Kind not recorded')
    expect(tableText()[0]).toEqual([
      'Day',
      'Listings converted',
      'Leads saved',
      'Kind not recorded',
      'All API calls',
    ])
    expect(tableText()[1]).toEqual(['Monday, Jan 6', '1', '1', '3', '5'])
  })

  it('shows the day, its count and its kinds in the tooltip of the bar under the pointer', () => {
    const opts = chartOptions(week(counts, leads), 600)
    const ready = opts.hooks?.ready?.[0]
    const setCursor = opts.hooks?.setCursor?.[0]
    const over = document.createElement('div')
    const plot = {
      bbox: { left: 0, top: 0, width: 600, height: 200 },
      over,
      cursor: { idx: 4 },
      valToPos: (value: number) => value,
    } as unknown as uPlot
    ready?.(plot)
    setCursor?.(plot)
    const tooltip = over.firstElementChild as HTMLElement
    expect(tooltip.hidden).toBe(false)
    // Two lines: the day's count, then its kinds.
    expect([...tooltip.childNodes].map((node) => node.nodeName)).toEqual(['#text', 'BR', '#text'])
    expect(tooltip.childNodes[0]?.textContent).toBe('Friday, Jan 10: 1,000 API calls')
    expect(tooltip.childNodes[2]?.textContent).toBe('600 listings · 400 leads')
  })

  it('labels the x axis with short weekdays, from the series dates', () => {
    const opts = chartOptions(week(counts), 600)
    const axis = opts.axes?.[0]
    const values = axis?.values
    if (typeof values !== 'function') throw new Error('no axis values')
    const splits = [0, 1, 2, 3, 4, 5, 6]
    expect(values(plotOf(), splits, 0, 1, 1)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ])
  })

  it('scales to the busiest day and keeps every non-zero bar at least 20 px tall', () => {
    const opts = chartOptions(week(counts), 600)
    const y = opts.scales?.y
    const range = y?.range
    if (typeof range !== 'function' || !y?.fwd) throw new Error('no y scale')
    expect(range(plotOf(), 0, 1000, 'y')).toEqual([0, 1000])

    // uPlot lays the plot out (200 px tall here) and tells the chart, which re-makes the scale.
    const setSize = opts.hooks?.setSize?.[0]
    setSize?.(plotOf(200))
    const fwd = y.fwd
    const height = (count: number) => (fwd(count) / 1000) * 200
    expect(height(1000)).toBe(200)
    expect(height(1)).toBe(20)
    expect(height(3)).toBe(20)
    expect(height(12)).toBe(20)
    expect(height(400)).toBe(80)
    expect(height(0)).toBe(0)

    // A taller plot: 20 px is a smaller share of it.
    setSize?.(plotOf(400))
    expect((fwd(1) / 1000) * 400).toBe(20)
  })

  it('hides uPlot’s legend and zoom; the counts are written on the bars instead', () => {
    const opts = chartOptions(week(counts), 600)
    expect(opts.legend?.show).toBe(false)
    expect(opts.cursor?.drag?.setScale).toBe(false)
    expect(opts.hooks?.draw).toHaveLength(1)
    expect(opts.hooks?.setCursor).toHaveLength(1)
  })
})
