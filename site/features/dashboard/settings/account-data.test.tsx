import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountExport } from '../../../../api/schemas/users.ts'
import { setIsLogin, setUserName, ui } from '../../../lib/store.ts'
import { catchDownloads } from '../../../testing/downloads.ts'
import { fail, ok } from '../../../testing/http.ts'
import { currentPath, renderAt } from '../../../testing/render.tsx'
import { meFixture, stubApi } from '../testing/fixtures.ts'
import { ACCOUNT_DELETED_MESSAGE } from './delete-account-dialog.tsx'
import { SettingsHarness } from './testing/settings-harness.tsx'
import { exportFileName } from './your-data-section.tsx'

const exported: AccountExport = {
  exported_at: '2025-03-15T12:00:00.000Z',
  account: {
    id: 'user-1',
    full_name: 'Ann Agent',
    email: 'ann@example.com',
    phone: '+14155550123',
    email_verified_at: '2025-03-01T12:00:00.000Z',
    created_at: '2025-03-01T12:00:00.000Z',
    updated_at: '2025-03-01T12:00:00.000Z',
    trial_end: '2025-03-08T12:00:00.000Z',
    pending_email: null,
  },
  agent_profile: null,
  listings: [{ id: 'listing-1', address: '12 Oak St, Austin, TX 78701' }],
  leads: [],
  usage_by_day: [{ date: '2025-03-15', count: 2, listings: 2, leads: 0 }],
  payments: [],
  subscriptions: [],
  checkout_sessions: [],
  fill_reports: [],
  crm: { webhook: null, follow_up_boss: null, deliveries: [] },
  sessions: [
    {
      created_at: '2025-03-15T11:00:00.000Z',
      expires_at: '2025-04-14T11:00:00.000Z',
      revoked_at: null,
    },
  ],
  support_messages: [],
}

function open(routes: Parameters<typeof stubApi>[0]) {
  localStorage.setItem('accessToken', 'access-1')
  localStorage.setItem('refresh_token', 'refresh-1')
  localStorage.setItem('userId', 'user-1')
  localStorage.setItem('isLogin', 'true')
  setIsLogin(true)
  setUserName('Ann Agent')
  const fetch = stubApi(routes)
  const view = renderAt('/dashboard/settings', <SettingsHarness user={meFixture()} />)
  return { fetch, ...view }
}

/** The extension, answering every message; the messages it got. */
function stubExtension() {
  const sendMessage = vi.fn(
    (_id: string, _message: unknown, callback: (response: unknown) => void) => {
      callback({ ok: true, value: {} })
    },
  )
  vi.stubGlobal('chrome', { runtime: { sendMessage } })
  return () => sendMessage.mock.calls.map(([, message]) => message)
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Your data', () => {
  it('downloads everything as listingbridge-export-<date>.json', async () => {
    const files = catchDownloads()
    const { fetch, user } = open({ '/users/export': [ok(exported)] })
    const data = screen.getByRole('region', { name: 'Your data' })
    await user.click(within(data).getByRole('button', { name: 'Download my data' }))

    expect(await within(data).findByText(`Saved ${exportFileName()}.`)).toBeInTheDocument()
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/users/export')
    expect(files).toHaveLength(1)
    expect(files[0]?.name).toMatch(/^listingbridge-export-\d{4}-\d{2}-\d{2}\.json$/)
    expect(files[0]?.name).toBe(exportFileName())
    expect(files[0]?.blob.type).toBe('application/json')
    expect(JSON.parse((await files[0]?.blob.text()) ?? '')).toEqual(exported)
  })

  it('says why when the export fails, and saves nothing', async () => {
    const files = catchDownloads()
    const { user } = open({ '/users/export': [fail(503, 'Try again in a minute')] })
    const data = screen.getByRole('region', { name: 'Your data' })
    await user.click(within(data).getByRole('button', { name: 'Download my data' }))
    expect(await within(data).findByRole('alert')).toHaveTextContent('Try again in a minute')
    expect(files).toEqual([])
    expect(within(data).getByRole('button', { name: 'Download my data' })).toBeEnabled()
  })
})

describe('Delete account', () => {
  it('explains what goes and what stays, and waits for the account’s e-mail', async () => {
    const { fetch, user } = open({})
    await user.click(screen.getByRole('button', { name: 'Delete account…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    expect(dialog).toHaveTextContent(/converted listings, your leads/)
    expect(dialog).toHaveTextContent(/payments are kept, as the law requires/)

    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' })
    const email = within(dialog).getByLabelText('Type ann@example.com to confirm')
    expect(confirm).toBeDisabled()
    await user.type(email, 'ann@example.co')
    expect(confirm).toBeDisabled()
    await user.type(email, 'm')
    expect(confirm).toBeEnabled()
    await user.clear(email)
    await user.type(email, ' ANN@Example.com ')
    expect(confirm).toBeEnabled()

    // Keep my account closes it, and nothing was asked of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('deletes with the password, signs out here and in the extension, and goes home', async () => {
    const extensionGot = stubExtension()
    const { fetch, user } = open({ '/users/delete-account': [ok({})] })
    await user.click(screen.getByRole('button', { name: 'Delete account…' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Type/), 'ann@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'Maple-Street-1')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    await waitFor(() => {
      expect(currentPath()).toBe('/')
    })
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument()
    const [request] = fetch.mock.calls
    expect(request?.[0]).toBe('/api/v1/users/delete-account')
    expect(request?.[1]?.body).toBe(JSON.stringify({ password: 'Maple-Street-1' }))
    expect(localStorage.getItem('accessToken')).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(ui.isLogin).toBe(false)
    expect(ui.userName).toBe('')
    expect(extensionGot()).toContainEqual({ type: 'session:clear', payload: {} })
  })

  it('shows a wrong password on its field and keeps the dialog and the session', async () => {
    const { user } = open({
      '/users/delete-account': [
        fail(400, 'The password is not correct', { password: 'The password is not correct' }),
      ],
    })
    await user.click(screen.getByRole('button', { name: 'Delete account…' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText(/^Type/), 'ann@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'wrong')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    await waitFor(() => {
      expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
    })
    expect(within(dialog).getByLabelText('Password')).toHaveValue('wrong')
    expect(currentPath()).toBe('/dashboard/settings')
    expect(localStorage.getItem('accessToken')).toBe('access-1')
  })
})
