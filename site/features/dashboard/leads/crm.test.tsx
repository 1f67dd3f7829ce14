import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import { crmResultText } from './crm-send-results.ts'
import LeadsPage from './leads-page.tsx'
import { SECRET_COPIED_MESSAGE } from './webhook-settings.tsx'
import { crmFixture, leadFixture } from './testing/lead-fixtures.ts'
import { requestsTo, stubLeadsApi } from './testing/leads-api.ts'

const ann = leadFixture()
const bob = leadFixture({ _id: 'lead-2', owner_name: 'Bob Seller', status: 'do_not_call' })
const SECRET = 'lbwh_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG'
const connected = crmFixture({
  webhook: { url: 'https://hooks.example.com/lb', updated_at: '2025-03-15T12:00:00.000Z' },
  follow_up_boss: { key_last4: 'a1b2', updated_at: '2025-03-15T12:00:00.000Z' },
  deliveries: [
    {
      delivery_id: 'd-2',
      target: 'follow_up_boss',
      lead_count: 1,
      attempts: 4,
      delivered: false,
      last_status: 503,
      last_error: 'HTTP 503',
      created_at: '2025-03-16T15:30:00.000Z',
    },
    {
      delivery_id: 'd-1',
      target: 'webhook',
      lead_count: 3,
      attempts: 1,
      delivered: true,
      last_status: 200,
      last_error: null,
      created_at: '2025-03-15T12:00:00.000Z',
    },
  ],
})

async function openLeads(more: Parameters<typeof stubLeadsApi>[1] = {}) {
  const fetch = stubLeadsApi([ann, bob], more)
  const view = renderAt('/dashboard/leads', <LeadsPage />)
  await screen.findByText('Ann Owner')
  return { fetch, ...view }
}

async function openSettings(user: ReturnType<typeof renderAt>['user']) {
  await user.click(screen.getByRole('button', { name: 'CRM settings' }))
  return screen.findByRole('dialog', { name: 'CRM settings' })
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('CRM settings', () => {
  it('saves a webhook and shows its signing secret once, with copy and how to verify', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(crmFixture()), ok(connected)],
      '/leads/webhook': [ok({ url: 'https://hooks.example.com/lb', secret: SECRET })],
    })
    const dialog = await openSettings(user)
    expect(within(dialog).getByText('Not set up')).toBeInTheDocument()
    expect(within(dialog).getByText('Not connected')).toBeInTheDocument()
    expect(within(dialog).getByText(/No deliveries yet/)).toBeInTheDocument()

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Webhook URL' }),
      'https://hooks.example.com/lb',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }))
    const secret = await within(dialog).findByRole('textbox', {
      name: 'Signing secret (shown only this once)',
    })
    expect(secret).toHaveValue(SECRET)
    expect(secret).toHaveAttribute('readonly')
    expect(requestsTo(fetch, '/leads/webhook')[0]?.body).toEqual({
      url: 'https://hooks.example.com/lb',
    })
    expect(dialog).toHaveTextContent('x-listingbridge-signature: sha256=<hex>')
    expect(dialog).toHaveTextContent('HMAC-SHA256 of the raw request body')

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText(SECRET_COPIED_MESSAGE)).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    // The settings were loaded again: the log and the state come from the server.
    expect(requestsTo(fetch, '/leads/crm')).toHaveLength(2)
    expect(await within(dialog).findByText('Delivered')).toBeInTheDocument()

    // Closed and opened again, the secret is gone for good.
    await user.keyboard('{Escape}')
    const again = await openSettings(user)
    expect(within(again).queryByRole('textbox', { name: /Signing secret/ })).toBeNull()
  })

  it('says what is wrong with a webhook URL and keeps it', async () => {
    const { user } = await openLeads({
      '/leads/webhook': [
        fail(422, 'The webhook URL must start with https://', {
          url: 'The webhook URL must start with https://',
        }),
      ],
    })
    const dialog = await openSettings(user)
    const field = within(dialog).getByRole('textbox', { name: 'Webhook URL' })
    await user.type(field, 'http://crm.example.com/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The webhook URL must start with https://',
    )
    expect(field).toHaveValue('http://crm.example.com/hook')
    expect(field).toHaveAttribute('aria-invalid', 'true')
  })

  it('connects Follow Up Boss and shows only the key’s last four', async () => {
    const { fetch, user } = await openLeads({
      '/leads/follow-up-boss': [ok({ connected: true, key_last4: 'z9y8' })],
    })
    const dialog = await openSettings(user)
    const key = within(dialog).getByLabelText('API key')
    expect(key).toHaveAttribute('type', 'password')
    await user.type(key, 'fka_0123456789z9y8')
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }))
    expect(await within(dialog).findByText('Connected (…z9y8)')).toBeInTheDocument()
    expect(requestsTo(fetch, '/leads/follow-up-boss')[0]?.body).toEqual({
      api_key: 'fka_0123456789z9y8',
    })
    expect(within(dialog).getByLabelText('Replace the API key')).toHaveValue('')
  })

  it('lists recent deliveries with where, when, how many and the outcome', async () => {
    const { user } = await openLeads({ '/leads/crm': [ok(connected)] })
    const dialog = await openSettings(user)
    const items = within(dialog).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Follow Up Boss')
    expect(items[0]).toHaveTextContent('Failed')
    expect(items[0]).toHaveTextContent('1 lead · 4 attempts · HTTP 503')
    expect(items[1]).toHaveTextContent('Webhook')
    expect(items[1]).toHaveTextContent('Delivered')
    expect(items[1]).toHaveTextContent('3 leads · 1 attempt')
  })
})

describe('Send to CRM', () => {
  it('sends the selection to every connected CRM and shows each result', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(connected)],
      '/leads/export-webhook': [
        ok({ delivered: true, sent: 1, skipped_do_not_call: 1, attempts: 1, delivery_id: 'd-3' }),
      ],
      '/leads/export-follow-up-boss': [fail(422, 'Follow Up Boss refused your API key.')],
    })
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Owner' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Seller' }))
    await user.click(screen.getByRole('button', { name: 'Send to CRM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send leads to your CRM' })
    expect(within(dialog).getByRole('radio', { name: 'Selected leads (2)' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /Webhook/ })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /Follow Up Boss/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 leads' }))

    const results = await within(dialog).findByRole('status')
    expect(results).toHaveTextContent(
      'Webhook: 1 lead delivered. 1 lead marked do-not-call was left out.',
    )
    expect(results).toHaveTextContent(
      'Follow Up Boss: failed. Follow Up Boss refused your API key.',
    )
    expect(requestsTo(fetch, '/leads/export-webhook')[0]?.body).toEqual({
      lead_ids: ['lead-1', 'lead-2'],
    })
    expect(requestsTo(fetch, '/leads/export-follow-up-boss')[0]?.body).toEqual({
      lead_ids: ['lead-1', 'lead-2'],
    })
    // The toast says it too, as an error since one failed.
    const toast = await screen.findByText(/^Webhook: 1 lead delivered/, { selector: '.toast' })
    expect(toast).toHaveClass('toast-error')
  })

  it('sends all leads to the CRMs ticked', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(connected)],
      '/leads/export-webhook': [
        ok({ delivered: true, sent: 2, skipped_do_not_call: 0, attempts: 1, delivery_id: 'd-4' }),
      ],
    })
    await user.click(screen.getByRole('button', { name: 'Send to CRM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send leads to your CRM' })
    expect(within(dialog).getByRole('radio', { name: 'Selected leads (0)' })).toBeDisabled()
    expect(within(dialog).getByRole('radio', { name: /All your leads/ })).toBeChecked()
    await user.click(within(dialog).getByRole('checkbox', { name: /Follow Up Boss/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Send all leads' }))
    await within(dialog).findByRole('status')
    expect(requestsTo(fetch, '/leads/export-webhook')[0]?.body).toEqual({})
    expect(requestsTo(fetch, '/leads/export-follow-up-boss')).toHaveLength(0)
    const toast = await screen.findByText('Webhook: 2 leads delivered.', { selector: '.toast' })
    expect(toast).toHaveClass('toast-success')
  })

  it('offers the settings when no CRM is connected', async () => {
    const { user } = await openLeads()
    await user.click(screen.getByRole('button', { name: 'Send to CRM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send leads to your CRM' })
    expect(dialog).toHaveTextContent('No CRM is connected yet.')
    await user.click(within(dialog).getByRole('button', { name: 'Open CRM settings' }))
    expect(await screen.findByRole('dialog', { name: 'CRM settings' })).toBeInTheDocument()
  })
})

describe('CRM result texts', () => {
  it('tell sent, do-not-call left out, delivered or failed', () => {
    expect(
      crmResultText({
        target: 'webhook',
        ok: true,
        data: { delivered: false, sent: 0, skipped_do_not_call: 2, attempts: 0, delivery_id: null },
      }),
    ).toBe('Webhook: nothing to send. 2 leads marked do-not-call were left out.')
    expect(
      crmResultText({
        target: 'follow_up_boss',
        ok: true,
        data: { sent: 3, failed: 1, skipped_do_not_call: 0 },
      }),
    ).toBe('Follow Up Boss: 3 leads sent. 1 failed; try them again later.')
  })
})
