import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import DashboardPage from '../dashboard-page.tsx'
import { formatDate } from '../format.ts'
import { dashboardFixture, meFixture } from '../testing/fixtures.ts'
import LeadsPage from './leads-page.tsx'
import { SEARCH_DEBOUNCE_MS } from '../components/use-search-after-pause.ts'
import { crmFixture, leadFixture, leadsPageFixture } from './testing/lead-fixtures.ts'
import { lastQuery, requestsTo, stubLeadsApi } from './testing/leads-api.ts'

const ann = leadFixture()
const bob = leadFixture({
  _id: 'lead-2',
  source: 'forsalebyowner_com',
  owner_name: 'Bob Seller',
  phone: '+13055550199',
  email: null,
  address: { street: null, city: 'Miami', state: 'FL', zip: null },
  price: null,
  beds: 4,
  baths: null,
  status: 'do_not_call',
  listing_url: 'https://www.forsalebyowner.com/listing/2',
})

function rows() {
  return screen.getAllByRole('row').slice(1)
}
function row(name: string) {
  const found = rows().find((r) => within(r).queryByText(name))
  if (!found) throw new Error(`no row for ${name}`)
  return found
}

function openLeads(...args: Parameters<typeof stubLeadsApi>) {
  const fetch = stubLeadsApi(...args)
  const view = renderAt('/dashboard/leads', <LeadsPage />)
  return { fetch, ...view }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('leads table (issue 7)', () => {
  it('shows owner, contact, property, listing, status and actions in reading formats', async () => {
    const { fetch } = openLeads([ann, bob])
    await screen.findByText('Ann Owner')
    expect(lastQuery(fetch, '/leads')).toEqual({ page: '1', page_size: '20' })
    // Contact and notes under the owner, do-not-call under the status: it fits beside the sidebar.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Owner',
      'Property',
      'Status',
    ])
    const first = row('Ann Owner')
    const owner = within(first).getByText('Ann Owner').closest('td')
    if (!owner) throw new Error('no owner cell')
    expect(within(owner).getByRole('button', { name: 'Add notes for Ann Owner' })).toBeVisible()
    const status = within(first)
      .getByRole('combobox', { name: 'Status of Ann Owner' })
      .closest('td')
    if (!status) throw new Error('no status cell')
    expect(
      within(status).getByRole('button', { name: 'Mark do-not-call for Ann Owner' }),
    ).toBeVisible()
    // Read as (512) 555-0142, dialled as E.164.
    expect(within(first).getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+15125550142',
    )
    expect(within(first).getByRole('link', { name: 'ann.owner@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann.owner@example.com',
    )
    const property = within(first).getByText('12 Oak St, Austin, TX 78701').closest('td')
    expect(property).toHaveTextContent('$450,000 · 3 bd · 2.5 ba')
    const listing = within(first).getByRole('link', { name: /View listing/ })
    expect(listing).toHaveAttribute('href', ann.listing_url)
    expect(listing).toHaveAttribute('target', '_blank')
    expect(listing.getAttribute('rel')).toContain('noopener')
    expect(listing).toHaveAccessibleName(
      'View listing for 12 Oak St, Austin, TX 78701 (opens in a new tab)',
    )
    expect(first).toHaveTextContent(`Saved ${formatDate(ann.created_at)} from Zillow (FSBO)`)
    expect(within(first).getByRole('combobox', { name: 'Status of Ann Owner' })).toHaveValue('new')

    const second = row('Bob Seller')
    expect(second).toHaveTextContent('Miami, FL')
    expect(second).toHaveTextContent('— · 4 bd')
    expect(second).toHaveTextContent('No e-mail')
    expect(second).toHaveTextContent('from ForSaleByOwner.com')
  })

  it('marks do-not-call rows: flagged, tinted, and the phone is not tap-to-call', async () => {
    openLeads([ann, bob])
    await screen.findByText('Bob Seller')
    const dnc = row('Bob Seller')
    expect(dnc).toHaveAttribute('data-status', 'do_not_call')
    expect(within(dnc).getByText('Do not call', { selector: 'span' })).toBeInTheDocument()
    expect(within(dnc).getByText('(305) 555-0199').tagName).toBe('SPAN')
    expect(within(dnc).queryByRole('link', { name: /555-0199/ })).not.toBeInTheDocument()
    expect(within(dnc).queryByRole('button', { name: /Mark do-not-call/ })).not.toBeInTheDocument()
    expect(within(dnc).getByRole('combobox')).toHaveValue('do_not_call')
    expect(
      within(row('Ann Owner')).getByRole('button', { name: 'Mark do-not-call for Ann Owner' }),
    ).toBeEnabled()
  })

  it('says to scrub numbers against the Do Not Call Registry', async () => {
    openLeads([ann])
    await screen.findByText('Ann Owner')
    const notice = screen.getByRole('complementary', {
      name: 'Check the Do Not Call Registry before you call',
    })
    expect(within(notice).getByRole('link', { name: /donotcall\.gov/ })).toHaveAttribute(
      'href',
      'https://www.donotcall.gov',
    )
    expect(notice).toHaveTextContent('never sent to a CRM')
    expect(notice).toHaveTextContent('Do Not Call: Yes')
  })

  it('is the dashboard page at /dashboard/leads, named Leads', async () => {
    localStorage.setItem('accessToken', 'access-1')
    stubLeadsApi([ann], {
      '/users/me': [ok(meFixture())],
      '/users/dashboard': [ok(dashboardFixture())],
    })
    renderAt('/dashboard/leads', <DashboardPage />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Leads')
    expect(await screen.findByText('Ann Owner')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page')
  })
})

describe('search, filters and pages (server-side)', () => {
  it('searches once typing pauses, from the first page', async () => {
    const { fetch, user } = openLeads([ann])
    await screen.findByText('Ann Owner')
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'oak st')
    // Nothing per keystroke…
    expect(requestsTo(fetch, '/leads')).toHaveLength(1)
    // …one request after the pause.
    await waitFor(() => {
      expect(requestsTo(fetch, '/leads')).toHaveLength(2)
    })
    expect(lastQuery(fetch, '/leads')).toEqual({ page: '1', page_size: '20', q: 'oak st' })
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50))
    expect(requestsTo(fetch, '/leads')).toHaveLength(2)
  })

  it('filters by status and by source', async () => {
    const { fetch, user } = openLeads([ann])
    await screen.findByText('Ann Owner')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Do not call')
    await waitFor(() => {
      expect(lastQuery(fetch, '/leads')).toEqual({
        page: '1',
        page_size: '20',
        status: 'do_not_call',
      })
    })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'FSBO.com')
    await waitFor(() => {
      expect(lastQuery(fetch, '/leads')).toMatchObject({
        status: 'do_not_call',
        source: 'fsbo_com',
      })
    })
  })

  it('pages through the server with Previous, Next and page numbers', async () => {
    const page = (n: number) =>
      ok(
        leadsPageFixture(
          Array.from({ length: n === 3 ? 5 : 20 }, (_, i) =>
            leadFixture({ _id: `p${n}-${i}`, owner_name: `Owner ${n}.${i}` }),
          ),
          { page: n, total: 45 },
        ),
      )
    const { fetch, user } = openLeads([], {
      '/leads': [
        () => {
          // The call being answered is already recorded: answer the page it asked for.
          const calls = requestsTo(vi.mocked(globalThis.fetch), '/leads')
          return page(Number(calls[calls.length - 1]?.url.searchParams.get('page') ?? '1'))
        },
      ],
    })
    await screen.findByText('Owner 1.0')
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Lead pages' })
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    await screen.findByText('Owner 2.0')
    expect(lastQuery(fetch, '/leads')).toMatchObject({ page: '2' })
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument()
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }))
    await screen.findByText('Owner 3.4')
    expect(screen.getByText('Showing 41–45 of 45')).toBeInTheDocument()
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled()
  })
})

describe('empty, loading and failure', () => {
  it('explains how leads arrive when there are none', async () => {
    openLeads([])
    expect(await screen.findByText('No leads yet')).toBeInTheDocument()
    const text = screen.getByText(/Leads are owners selling/)
    expect(text).toHaveTextContent('Save lead')
    expect(text).toHaveTextContent('Scan this page')
    expect(text).toHaveTextContent('Zillow, FSBO.com or ForSaleByOwner.com')
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says "No leads match" when filters leave none, and clears them', async () => {
    const { fetch, user } = openLeads([], {
      '/leads': [
        ok(leadsPageFixture([ann])),
        ok(leadsPageFixture([])),
        ok(leadsPageFixture([ann])),
      ],
    })
    await screen.findByText('Ann Owner')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'FSBO.com')
    expect(await screen.findByText('No leads match')).toBeInTheDocument()
    expect(screen.queryByText('No leads yet')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }))
    await screen.findByText('Ann Owner')
    expect(lastQuery(fetch, '/leads')).toEqual({ page: '1', page_size: '20' })
  })

  it('shows a spinner while loading and the error with Try again', async () => {
    const { user } = openLeads([], {
      '/leads': [fail(500, 'The database is resting'), ok(leadsPageFixture([ann]))],
    })
    expect(screen.getByText('Loading your leads…')).toBeInTheDocument()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your leads could not be loaded')
    expect(alert).toHaveTextContent('The database is resting')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Ann Owner')).toBeInTheDocument()
  })

  it('loads the CRM settings once for the page', async () => {
    const { fetch } = openLeads([ann], { '/leads/crm': [ok(crmFixture())] })
    await screen.findByText('Ann Owner')
    expect(requestsTo(fetch, '/leads/crm')).toHaveLength(1)
  })
})
