import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Me } from '../../../../api/schemas/users.ts'
import { setUserName, ui } from '../../../lib/store.ts'
import { fail, ok, type FetchMock } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import { meFixture, stubApi } from '../testing/fixtures.ts'
import { AGENT_PROFILE_SAVED_MESSAGE } from './agent-profile-form.tsx'
import {
  emailChangeSentMessage,
  emailChangeWithdrawnMessage,
  SAME_EMAIL_MESSAGE,
} from './email-form.tsx'
import { PASSWORD_CHANGED_MESSAGE } from './password-form.tsx'
import { PROFILE_SAVED_MESSAGE } from './profile-form.tsx'
import { SettingsHarness } from './testing/settings-harness.tsx'

function open(routes: Parameters<typeof stubApi>[0], user: Me = meFixture()) {
  localStorage.setItem('accessToken', 'access-1')
  localStorage.setItem('refresh_token', 'refresh-1')
  localStorage.setItem('userId', 'user-1')
  const fetch = stubApi(routes)
  const view = renderAt('/dashboard/settings', <SettingsHarness user={user} />)
  return { fetch, ...view }
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

/** The requests made to `path`: method and JSON body. */
function requestsTo(mock: FetchMock, path: string) {
  return mock.mock.calls
    .filter(([input]) => new URL(input, 'http://localhost').pathname === `/api/v1${path}`)
    .map(([, init]) => ({
      method: init?.method,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
}

beforeEach(() => {
  setUserName('Ann Agent')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Profile', () => {
  it('shows the name and phone, and saves them with PATCH /users/me', async () => {
    const saved = meFixture({ full_name: 'Ann B. Agent', phone: '+13055550199' })
    const { fetch, user } = open({ '/users/me': [ok(saved)] })
    const profile = section('Profile')
    const name = within(profile).getByLabelText('Full name')
    const phone = within(profile).getByLabelText('Phone number')
    expect(name).toHaveValue('Ann Agent')
    expect(phone).toHaveValue('415 555 0123')

    await user.clear(name)
    await user.type(name, '  Ann B. Agent ')
    await user.clear(phone)
    await user.type(phone, '305 555 0199')
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }))

    expect(await within(profile).findByText(PROFILE_SAVED_MESSAGE)).toBeInTheDocument()
    expect(requestsTo(fetch, '/users/me')).toEqual([
      { method: 'PATCH', body: { full_name: 'Ann B. Agent', phone: '+13055550199' } },
    ])
    // The header's name follows.
    expect(ui.userName).toBe('Ann B. Agent')
    expect(name).toHaveValue('Ann B. Agent')
  })

  it('checks the fields as sign-up does, before asking the server', async () => {
    const { fetch, user } = open({})
    const profile = section('Profile')
    await user.clear(within(profile).getByLabelText('Full name'))
    await user.clear(within(profile).getByLabelText('Phone number'))
    await user.type(within(profile).getByLabelText('Phone number'), '12')
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }))
    expect(await within(profile).findByText('Name is required')).toBeInTheDocument()
    expect(within(profile).getByText('Invalid phone number')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows the server’s field errors on their fields and keeps what was typed', async () => {
    const { user } = open({
      '/users/me': [fail(400, 'Invalid input', { full_name: 'That name is not allowed' })],
    })
    const profile = section('Profile')
    const name = within(profile).getByLabelText('Full name')
    await user.clear(name)
    await user.type(name, 'Zed')
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }))
    expect(await within(profile).findByText('That name is not allowed')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(within(profile).getByRole('alert')).toHaveTextContent('Invalid input')
    expect(name).toHaveValue('Zed')
    expect(within(profile).queryByText(PROFILE_SAVED_MESSAGE)).not.toBeInTheDocument()
  })
})

describe('E-mail', () => {
  it('sends the link to the new address with the password, and shows it as waiting', async () => {
    const after = meFixture({ pending_email: 'ann.new@example.com' })
    const { fetch, user } = open({ '/users/me': [ok(after)] })
    const email = section('E-mail')
    expect(within(email).getByText('ann@example.com')).toBeInTheDocument()
    expect(within(email).queryByText(/Waiting for confirmation/)).not.toBeInTheDocument()

    await user.type(within(email).getByLabelText('New e-mail'), 'ann.new@example.com')
    await user.type(within(email).getByLabelText('Current password'), 'Maple-Street-1')
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }))

    expect(
      await within(email).findByText(emailChangeSentMessage('ann.new@example.com')),
    ).toBeInTheDocument()
    expect(requestsTo(fetch, '/users/me')).toEqual([
      {
        method: 'PATCH',
        body: { email: 'ann.new@example.com', current_password: 'Maple-Street-1' },
      },
    ])
    expect(within(email).getByText(/Waiting for confirmation/)).toHaveTextContent(
      'ann.new@example.com',
    )
    expect(within(email).getByLabelText('Current password')).toHaveValue('')
  })

  it('shows an address still waiting from an earlier change, which the current one withdraws', async () => {
    const { fetch, user } = open(
      { '/users/me': [ok(meFixture())] },
      meFixture({ pending_email: 'ann.later@example.com' }),
    )
    const email = section('E-mail')
    expect(within(email).getByText(/Waiting for confirmation/)).toHaveTextContent(
      'ann.later@example.com',
    )
    await user.type(within(email).getByLabelText('New e-mail'), 'ann@example.com')
    await user.type(within(email).getByLabelText('Current password'), 'Maple-Street-1')
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }))
    expect(
      await within(email).findByText(emailChangeWithdrawnMessage('ann@example.com')),
    ).toBeInTheDocument()
    expect(requestsTo(fetch, '/users/me')).toEqual([
      { method: 'PATCH', body: { email: 'ann@example.com', current_password: 'Maple-Street-1' } },
    ])
    expect(within(email).queryByText(/Waiting for confirmation/)).not.toBeInTheDocument()
  })

  it('refuses the current address, and shows a wrong password on its field', async () => {
    const { fetch, user } = open({
      '/users/me': [
        fail(400, 'The password is not correct', {
          current_password: 'The password is not correct',
        }),
      ],
    })
    const email = section('E-mail')
    const address = within(email).getByLabelText('New e-mail')
    await user.type(address, 'ANN@example.com')
    await user.type(within(email).getByLabelText('Current password'), 'wrong-password')
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }))
    expect(await within(email).findByText(SAME_EMAIL_MESSAGE)).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.clear(address)
    await user.type(address, 'ann.new@example.com')
    await user.click(within(email).getByRole('button', { name: 'Change e-mail' }))
    const password = within(email).getByLabelText('Current password')
    await waitFor(() => {
      expect(password).toHaveAttribute('aria-invalid', 'true')
    })
    expect(within(email).getAllByText('The password is not correct')).toHaveLength(2)
    expect(address).toHaveValue('ann.new@example.com')
    expect(password).toHaveValue('wrong-password')
  })
})

describe('Agent profile', () => {
  it('says what it is for, and saves it as agent_profile', async () => {
    const profile = {
      listing_name: 'Ann Q. Agent',
      license_number: 'TX-0123456',
      license_state: 'TX',
      brokerage: 'Acme Realty',
    }
    const { fetch, user } = open({ '/users/me': [ok(meFixture({ agent_profile: profile }))] })
    const agent = section('Agent profile')
    expect(within(agent).getByText(/recognize your own listings/)).toBeInTheDocument()
    await user.type(within(agent).getByLabelText('Your name on listings'), 'Ann Q. Agent')
    await user.type(within(agent).getByLabelText('Brokerage'), 'Acme Realty ')
    await user.type(within(agent).getByLabelText('License number (optional)'), 'TX-0123456')
    await user.type(within(agent).getByLabelText('License state (optional)'), 'tx')
    await user.click(within(agent).getByRole('button', { name: 'Save agent profile' }))

    expect(await within(agent).findByText(AGENT_PROFILE_SAVED_MESSAGE)).toBeInTheDocument()
    expect(requestsTo(fetch, '/users/me')).toEqual([
      { method: 'PATCH', body: { agent_profile: profile } },
    ])
    expect(within(agent).getByLabelText('License state (optional)')).toHaveValue('TX')
  })

  it('shows the saved profile, checks the state code, and puts the server’s errors on fields', async () => {
    const { fetch, user } = open(
      {
        '/users/me': [
          fail(400, 'Invalid input', { 'agent_profile.brokerage': 'Brokerage is too vague' }),
        ],
      },
      meFixture({
        agent_profile: {
          listing_name: 'Ann Agent',
          license_number: null,
          license_state: null,
          brokerage: 'Acme',
        },
      }),
    )
    const agent = section('Agent profile')
    expect(within(agent).getByLabelText('Your name on listings')).toHaveValue('Ann Agent')
    expect(within(agent).getByLabelText('Brokerage')).toHaveValue('Acme')
    const state = within(agent).getByLabelText('License state (optional)')
    await user.type(state, 'T1')
    await user.click(within(agent).getByRole('button', { name: 'Save agent profile' }))
    expect(
      await within(agent).findByText('License state must be a two-letter code'),
    ).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.clear(state)
    await user.click(within(agent).getByRole('button', { name: 'Save agent profile' }))
    expect(await within(agent).findByText('Brokerage is too vague')).toBeInTheDocument()
    expect(within(agent).getByLabelText('Brokerage')).toHaveAttribute('aria-invalid', 'true')
    expect(within(agent).getByLabelText('Brokerage')).toHaveValue('Acme')
  })
})

describe('Password', () => {
  it('changes it, keeps this page signed in with the new session and shares it with the extension', async () => {
    const sendMessage = vi.fn(
      (_id: string, _message: unknown, callback: (response: unknown) => void) => {
        callback({ ok: true, value: {} })
      },
    )
    vi.stubGlobal('chrome', { runtime: { sendMessage } })
    const { fetch, user } = open({
      '/users/change-password': [
        ok({ access_token: 'access-2', refresh_token: 'refresh-2', user_id: 'user-1' }),
      ],
    })
    const password = section('Password')
    await user.type(within(password).getByLabelText('Current password'), 'Maple-Street-1')
    await user.type(within(password).getByLabelText('New password'), 'Birch-Avenue-22')
    await user.type(within(password).getByLabelText('Confirm new password'), 'Birch-Avenue-22')
    await user.click(within(password).getByRole('button', { name: 'Change password' }))

    expect(await within(password).findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument()
    expect(requestsTo(fetch, '/users/change-password')).toEqual([
      {
        method: 'POST',
        body: { current_password: 'Maple-Street-1', new_password: 'Birch-Avenue-22' },
      },
    ])
    expect(localStorage.getItem('accessToken')).toBe('access-2')
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2')
    expect(sendMessage.mock.calls.map(([, message]) => message)).toContainEqual({
      type: 'session:set',
      payload: { access_token: 'access-2', refresh_token: 'refresh-2', user_id: 'user-1' },
    })
    expect(within(password).getByLabelText('New password')).toHaveValue('')
  })

  it('no longer shows an e-mail change waiting for its link: the server called it off', async () => {
    const { user } = open(
      {
        '/users/change-password': [
          ok({ access_token: 'access-2', refresh_token: 'refresh-2', user_id: 'user-1' }),
        ],
      },
      meFixture({ pending_email: 'new@example.com' }),
    )
    expect(section('E-mail').querySelector('[data-pending-email]')).not.toBeNull()
    const password = section('Password')
    await user.type(within(password).getByLabelText('Current password'), 'Maple-Street-1')
    await user.type(within(password).getByLabelText('New password'), 'Birch-Avenue-22')
    await user.type(within(password).getByLabelText('Confirm new password'), 'Birch-Avenue-22')
    await user.click(within(password).getByRole('button', { name: 'Change password' }))

    expect(await within(password).findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument()
    expect(section('E-mail').querySelector('[data-pending-email]')).toBeNull()
  })

  it('wants the confirmation to match, and shows a wrong current password on its field', async () => {
    const { fetch, user } = open({
      '/users/change-password': [
        fail(400, 'The password is not correct', {
          current_password: 'The password is not correct',
        }),
      ],
    })
    const password = section('Password')
    await user.type(within(password).getByLabelText('Current password'), 'wrong-one')
    await user.type(within(password).getByLabelText('New password'), 'Birch-Avenue-22')
    await user.type(within(password).getByLabelText('Confirm new password'), 'Birch-Avenue-2')
    await user.click(within(password).getByRole('button', { name: 'Change password' }))
    expect(await within(password).findByText('Passwords do not match')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()

    await user.type(within(password).getByLabelText('Confirm new password'), '2')
    await user.click(within(password).getByRole('button', { name: 'Change password' }))
    await waitFor(() => {
      expect(within(password).getByLabelText('Current password')).toHaveAttribute(
        'aria-invalid',
        'true',
      )
    })
    expect(within(password).getByLabelText('New password')).toHaveValue('Birch-Avenue-22')
    expect(localStorage.getItem('accessToken')).toBe('access-1')
    expect(within(password).queryByText(PASSWORD_CHANGED_MESSAGE)).not.toBeInTheDocument()
  })
})
