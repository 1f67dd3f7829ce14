import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import LeadsPage from './leads-page.tsx'
import { NOTES_SAVED_MESSAGE } from './notes-dialog.tsx'
import { csvFileName } from './save-csv-file.ts'
import { meFixture } from '../testing/fixtures.ts'
import { leadFixture, leadsPageFixture } from './testing/lead-fixtures.ts'
import { catchDownloads } from '../../../testing/downloads.ts'
import { csvAnswer, requestsTo, stubLeadsApi } from './testing/leads-api.ts'

const ann = leadFixture()
const bob = leadFixture({ _id: 'lead-2', owner_name: 'Bob Seller', phone: '+13055550199' })
const cy = leadFixture({ _id: 'lead-3', owner_name: 'Cy Vendor', notes: 'Call after 5pm' })
const CSV = 'Owner Name,Phone\r\nAnn Owner,+15125550142\r\n'

async function openLeads(more: Parameters<typeof stubLeadsApi>[1] = {}) {
  const fetch = stubLeadsApi([ann, bob, cy], more)
  const view = renderAt('/dashboard/leads', <LeadsPage />)
  await screen.findByText('Ann Owner')
  return { fetch, ...view }
}

/** An answer the test gives when it is ready. */
function later() {
  let answer: (response: Response) => void = () => undefined
  const promise = new Promise<Response>((resolve) => {
    answer = resolve
  })
  return { promise, answer }
}

function rowOf(name: string): HTMLElement {
  const cell = screen.getByText(name)
  const row = cell.closest('tr')
  if (!row) throw new Error(`no row for ${name}`)
  return row
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('selection and CSV export', () => {
  it('exports the selected leads by id, as a dated CSV file with a BOM', async () => {
    const files = catchDownloads()
    const { fetch, user } = await openLeads({ '/leads/export.csv': [csvAnswer(CSV)] })
    const exportSelected = screen.getByRole('button', { name: 'Export selected (0)' })
    expect(exportSelected).toBeDisabled()

    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Owner' }))
    // Keyboard: Space ticks a focused box.
    screen.getByRole('checkbox', { name: 'Select Cy Vendor' }).focus()
    await user.keyboard(' ')
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    expect(rowOf('Ann Owner')).toHaveAttribute('data-selected', 'true')

    await user.click(screen.getByRole('button', { name: 'Export selected (2)' }))
    await screen.findByText(`2 leads exported to ${csvFileName()}.`)
    // By POST: a thousand ids would not fit in a URL.
    const [request] = requestsTo(fetch, '/leads/export.csv')
    expect(request?.url.search).toBe('')
    expect(request?.body).toEqual({ ids: ['lead-1', 'lead-3'] })
    const init = fetch.mock.calls.find(([url]) => url.includes('export.csv'))?.[1]
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer access-1',
      'content-type': 'application/json',
    })

    expect(files).toHaveLength(1)
    const file = files[0]
    expect(file?.name).toMatch(/^listingbridge-leads-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(file?.blob.type).toBe('text/csv;charset=utf-8')
    const bytes = new Uint8Array((await file?.blob.arrayBuffer()) ?? new ArrayBuffer(0))
    // Exactly one BOM (EF BB BF), then the CSV.
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'O'.charCodeAt(0)])
  })

  it('exports all leads matching the filters (no ids)', async () => {
    catchDownloads()
    const { fetch, user } = await openLeads({ '/leads/export.csv': [csvAnswer(CSV)] })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Contacted')
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), 'austin')
    await waitFor(() => {
      expect(requestsTo(fetch, '/leads').at(-1)?.url.searchParams.get('q')).toBe('austin')
    })
    // The request is sent before its answer shows: wait for the button of the new list.
    const exportAll = await screen.findByRole('button', { name: 'Export all (3)' })
    await waitFor(() => {
      expect(exportAll).toBeEnabled()
    })
    await user.click(exportAll)
    await screen.findByText(/3 leads exported/)
    const [request] = requestsTo(fetch, '/leads/export.csv')
    expect(request?.body).toEqual({ status: 'contacted', q: 'austin' })
  })

  it('offers "Export all" only once the list for the filters has arrived', async () => {
    const next = later()
    const { user } = await openLeads({
      '/leads': [ok(leadsPageFixture([ann, bob, cy])), () => next.promise],
    })
    expect(screen.getByRole('button', { name: 'Export all (3)' })).toBeEnabled()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Contacted')
    // The count on screen is the old filters' until the new answer comes.
    expect(await screen.findByRole('button', { name: 'Export all (3)' })).toBeDisabled()
    next.answer(ok(leadsPageFixture([ann], { total: 1 })))
    expect(await screen.findByRole('button', { name: 'Export all (1)' })).toBeEnabled()
  })

  it('selects every lead on the page from the header box, and clears', async () => {
    const { user } = await openLeads()
    const all = screen.getByRole('checkbox', { name: 'Select all leads on this page' })
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Seller' }))
    expect((all as HTMLInputElement).indeterminate).toBe(true)
    await user.click(all)
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    expect(all).toBeChecked()
    await user.click(all)
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Seller' }))
    await user.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.getByRole('button', { name: 'Export selected (0)' })).toBeDisabled()
  })

  it('renews an expired access token and tries the export once more', async () => {
    localStorage.setItem('refresh_token', 'refresh-1')
    localStorage.setItem('userId', 'user-1')
    const files = catchDownloads()
    const { fetch, user } = await openLeads({
      '/leads/export.csv': [fail(401, 'Token expired'), csvAnswer(CSV)],
      '/users/me': [fail(401, 'Token expired'), ok(meFixture())],
      '/auth/refresh-token': [ok({ access_token: 'access-2', refresh_token: 'refresh-2' })],
    })
    await user.click(screen.getByRole('button', { name: 'Export all (3)' }))
    await waitFor(() => {
      expect(files).toHaveLength(1)
    })
    const exports = fetch.mock.calls.filter(([url]) => url.includes('export.csv'))
    expect(
      exports.map(([, init]) => (init?.headers as Record<string, string>).authorization),
    ).toEqual(['Bearer access-1', 'Bearer access-2'])
    expect(files).toHaveLength(1)
  })

  it('says why an export failed', async () => {
    const files = catchDownloads()
    const { user } = await openLeads({ '/leads/export.csv': [fail(400, 'Too many ids')] })
    await user.click(screen.getByRole('button', { name: 'Export all (3)' }))
    expect(await screen.findByText('Too many ids')).toBeInTheDocument()
    expect(files).toHaveLength(0)
  })
})

describe('status', () => {
  it('"Mark do-not-call" saves the status and marks the row', async () => {
    const { fetch, user } = await openLeads({
      '/leads/update': [ok({ lead: { ...bob, status: 'do_not_call' } })],
    })
    await user.click(screen.getByRole('button', { name: 'Mark do-not-call for Bob Seller' }))
    await screen.findByText('Bob Seller marked do-not-call.')
    expect(requestsTo(fetch, '/leads/update')[0]?.body).toEqual({
      lead_id: 'lead-2',
      status: 'do_not_call',
    })
    const row = rowOf('Bob Seller')
    expect(row).toHaveAttribute('data-status', 'do_not_call')
    expect(within(row).getByText('Do not call', { selector: 'span' })).toBeInTheDocument()
    expect(within(row).queryByRole('link', { name: '(305) 555-0199' })).not.toBeInTheDocument()
    // The button pressed is gone; focus is on the row's status menu, not lost to the page.
    expect(within(row).getByRole('combobox', { name: 'Status of Bob Seller' })).toHaveFocus()
  })

  it('offers do-not-call by its button only; the menu has New and Contacted', async () => {
    await openLeads()
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name: `Status of ${name}` }))
        .getAllByRole('option')
        .map((o) => o.textContent)
    expect(options('Ann Owner')).toEqual(['New', 'Contacted'])
  })

  it('keeps focus on the menu while saving and ignores changes meanwhile', async () => {
    const answer = later()
    const { fetch, user } = await openLeads({ '/leads/update': [() => answer.promise] })
    const status = screen.getByRole('combobox', { name: 'Status of Cy Vendor' })
    await user.selectOptions(status, 'Contacted')
    expect(status).toHaveAttribute('aria-disabled', 'true')
    expect(status).not.toBeDisabled()
    expect(status).toHaveFocus()
    await user.selectOptions(status, 'New')
    expect(requestsTo(fetch, '/leads/update')).toHaveLength(1)
    answer.answer(ok({ lead: { ...cy, status: 'contacted' } }))
    await screen.findByText('Cy Vendor marked contacted.')
    expect(status).toHaveValue('contacted')
    expect(status).not.toHaveAttribute('aria-disabled')
    expect(status).toHaveFocus()
  })

  it('changes the status from its menu; a failure keeps the old one', async () => {
    const { fetch, user } = await openLeads({
      '/leads/update': [ok({ lead: { ...ann, status: 'contacted' } }), fail(404, 'No such lead.')],
    })
    const status = screen.getByRole('combobox', { name: 'Status of Ann Owner' })
    await user.selectOptions(status, 'Contacted')
    await screen.findByText('Ann Owner marked contacted.')
    expect(status).toHaveValue('contacted')
    expect(requestsTo(fetch, '/leads/update')[0]?.body).toEqual({
      lead_id: 'lead-1',
      status: 'contacted',
    })
    await user.selectOptions(status, 'New')
    await screen.findByText('No such lead.')
    expect(status).toHaveValue('contacted')
  })
})

describe('leaving do-not-call', () => {
  const dnc = leadFixture({ _id: 'lead-4', owner_name: 'Dee Nocall', status: 'do_not_call' })

  it('shows "Do not call" in the menu and asks before taking a lead off it', async () => {
    const { fetch, user } = await openLeads({
      '/leads': [ok(leadsPageFixture([ann, dnc]))],
      '/leads/update': [ok({ lead: { ...dnc, status: 'new' } })],
    })
    const status = screen.getByRole('combobox', { name: 'Status of Dee Nocall' })
    expect(status).toHaveValue('do_not_call')
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New', 'Contacted', 'Do not call'])

    // An arrow key on Windows is a change: it asks, and saves nothing.
    await user.selectOptions(status, 'New')
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Take Dee Nocall off do-not-call?',
    })
    await user.click(within(confirm).getByRole('button', { name: 'Keep do-not-call' }))
    await waitFor(() => {
      expect(status).toHaveFocus()
    })
    expect(status).toHaveValue('do_not_call')
    expect(requestsTo(fetch, '/leads/update')).toHaveLength(0)

    await user.selectOptions(status, 'New')
    const again = await screen.findByRole('alertdialog')
    await user.click(within(again).getByRole('button', { name: 'Mark new' }))
    await screen.findByText('Dee Nocall marked new.')
    expect(requestsTo(fetch, '/leads/update')[0]?.body).toEqual({
      lead_id: 'lead-4',
      status: 'new',
    })
    expect(rowOf('Dee Nocall')).toHaveAttribute('data-status', 'new')
  })
})

describe('notes', () => {
  it('edits notes in a dialog and saves them', async () => {
    const { fetch, user } = await openLeads({
      '/leads/update': [ok({ lead: { ...cy, notes: 'Call after 5pm. Wants 3%.' } })],
    })
    expect(within(rowOf('Cy Vendor')).getByText('Call after 5pm')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit notes for Cy Vendor' }))
    const dialog = screen.getByRole('dialog', { name: 'Notes for Cy Vendor' })
    const field = within(dialog).getByRole('textbox', { name: 'Notes' })
    expect(field).toHaveValue('Call after 5pm')
    await user.type(field, '. Wants 3%.')
    await user.click(within(dialog).getByRole('button', { name: 'Save notes' }))
    await screen.findByText(NOTES_SAVED_MESSAGE)
    expect(requestsTo(fetch, '/leads/update')[0]?.body).toEqual({
      lead_id: 'lead-3',
      notes: 'Call after 5pm. Wants 3%.',
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(within(rowOf('Cy Vendor')).getByText('Call after 5pm. Wants 3%.')).toBeInTheDocument()
    // Focus is back on the button that opened the dialog.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Edit notes for Cy Vendor' })).toHaveFocus()
    })
  })

  it('keeps what was typed when saving fails, and says why', async () => {
    const { user } = await openLeads({
      '/leads/update': [fail(422, 'Notes must be at most 5000 characters long')],
    })
    await user.click(screen.getByRole('button', { name: 'Add notes for Ann Owner' }))
    const dialog = screen.getByRole('dialog', { name: 'Notes for Ann Owner' })
    const field = within(dialog).getByRole('textbox', { name: 'Notes' })
    await user.type(field, 'Left a voicemail')
    await user.click(within(dialog).getByRole('button', { name: 'Save notes' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Notes must be at most 5000 characters long',
    )
    // Said once, in the dialog: no toast repeating it.
    expect(screen.getAllByText('Notes must be at most 5000 characters long')).toHaveLength(1)
    expect(field).toHaveValue('Left a voicemail')
    expect(within(dialog).getByRole('button', { name: 'Save notes' })).toBeEnabled()
    // Escape closes without saving, and focus returns to the row's notes button.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Add notes for Ann Owner' })).toHaveFocus()
    })
  })
})
