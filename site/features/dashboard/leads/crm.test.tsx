import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, ok } from '../../../testing/http.ts'
import { renderAt } from '../../../testing/render.tsx'
import { crmResultText } from './crm-send-results.ts'
import LeadsPage from './leads-page.tsx'
import { SEND_LIMITS_TEXT } from './send-to-crm-dialog.tsx'
import { SECRET_COPIED_MESSAGE } from './webhook-settings.tsx'
import { DELIVERY_LOG_REFRESH_MS } from './crm-settings-dialog.tsx'
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
      status: 'failed',
      attempts: [1, 2, 3, 4].map((attempt) => ({
        attempt,
        at: '2025-03-16T15:30:00.000Z',
        status_code: 503,
        error: 'HTTP 503',
      })),
      last_status: 503,
      last_error: 'HTTP 503',
      next_attempt_at: null,
      created_at: '2025-03-16T15:30:00.000Z',
    },
    {
      delivery_id: 'd-1',
      target: 'webhook',
      lead_count: 3,
      status: 'sent',
      attempts: [{ attempt: 1, at: '2025-03-15T12:00:00.000Z', status_code: 200, error: null }],
      last_status: 200,
      last_error: null,
      next_attempt_at: null,
      created_at: '2025-03-15T12:00:00.000Z',
    },
  ],
})

/** What Send to CRM answers: the leads queued. */
function queuedAnswer(queued: number, skipped = 0) {
  return ok(
    {
      status: 'queued',
      export_id: 'export-1',
      deliveries: 1,
      queued,
      skipped_do_not_call: skipped,
    },
    202,
  )
}

/** A log whose one delivery is queued, then the same delivered. */
function logOf(status: 'queued' | 'sent') {
  const [, webhookDelivery] = connected.deliveries
  if (!webhookDelivery) throw new Error('fixture')
  return crmFixture({
    ...connected,
    deliveries: [
      status === 'sent'
        ? webhookDelivery
        : {
            ...webhookDelivery,
            status: 'queued',
            attempts: [],
            last_status: null,
            next_attempt_at: '2025-03-15T12:00:00.000Z',
          },
    ],
  })
}

async function openLeads(more: Parameters<typeof stubLeadsApi>[1] = {}) {
  const fetch = stubLeadsApi([ann, bob], more)
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

async function openSend(user: ReturnType<typeof renderAt>['user']) {
  await user.click(screen.getByRole('button', { name: 'Send to CRM' }))
  return screen.findByRole('dialog', { name: 'Send leads to your CRM' })
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
    expect(dialog).toHaveTextContent('tried again later with the same x-listingbridge-delivery id')

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText(SECRET_COPIED_MESSAGE)).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    // The settings were loaded again: the log and the state come from the server.
    expect(requestsTo(fetch, '/leads/crm')).toHaveLength(2)
    expect(await within(dialog).findByText('Delivered')).toBeInTheDocument()

    // Closed and opened again, the secret is gone for good.
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'CRM settings' })).toHaveFocus()
    })
    const again = await openSettings(user)
    expect(within(again).queryByRole('textbox', { name: /Signing secret/ })).toBeNull()
  })

  it('says what is wrong with a webhook URL and keeps it', async () => {
    const { user } = await openLeads({
      '/leads/webhook': [
        fail(400, 'The URL must start with https://', {
          url: 'The URL must start with https://',
        }),
      ],
    })
    const dialog = await openSettings(user)
    const field = within(dialog).getByRole('textbox', { name: 'Webhook URL' })
    await user.type(field, 'http://crm.example.com/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The URL must start with https://',
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

  it('lists recent deliveries with where, when, how many, the outcome and every attempt', async () => {
    const { user } = await openLeads({ '/leads/crm': [ok(connected)] })
    const dialog = await openSettings(user)
    const items = [...dialog.querySelectorAll('[data-delivery]')]
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Follow Up Boss')
    expect(items[0]).toHaveTextContent('Failed')
    expect(items[0]).toHaveTextContent('1 lead · 4 attempts · HTTP 503')
    expect(items[0]?.querySelectorAll('details li')).toHaveLength(4)
    expect(items[1]).toHaveTextContent('Webhook')
    expect(items[1]).toHaveTextContent('Delivered')
    expect(items[1]).toHaveTextContent('3 leads · 1 attempt')
    expect(items[1]?.querySelector('details li')).toHaveTextContent(/: delivered \(HTTP 200\)$/)
  })

  it('looks again while a delivery is queued, until it has an outcome', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const { fetch, user } = await openLeads({
        '/leads/crm': [ok(logOf('queued')), ok(logOf('sent'))],
      })
      const dialog = await openSettings(user)
      expect(await within(dialog).findByText('Queued')).toBeInTheDocument()
      const loads = requestsTo(fetch, '/leads/crm').length
      vi.advanceTimersByTime(DELIVERY_LOG_REFRESH_MS)
      expect(await within(dialog).findByText('Delivered')).toBeInTheDocument()
      expect(requestsTo(fetch, '/leads/crm')).toHaveLength(loads + 1)
      // Nothing pending any more: no further loads.
      vi.advanceTimersByTime(DELIVERY_LOG_REFRESH_MS * 3)
      expect(requestsTo(fetch, '/leads/crm')).toHaveLength(loads + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('Send to CRM', () => {
  it('sends the selection to every connected CRM and shows each result', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(connected)],
      '/leads/export-webhook': [queuedAnswer(1, 1)],
      '/leads/export-follow-up-boss': [
        fail(502, 'Follow Up Boss cannot be reached from this server.'),
      ],
    })
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Owner' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Seller' }))
    await user.click(screen.getByRole('button', { name: 'Send to CRM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send leads to your CRM' })
    expect(within(dialog).getByRole('radio', { name: 'Selected leads (2)' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /Webhook/ })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /Follow Up Boss/ })).toBeChecked()
    // The results' live region is there before it is filled, so the results are announced.
    const results = within(dialog).getByRole('status')
    expect(results).toBeEmptyDOMElement()
    expect(dialog).toHaveTextContent(SEND_LIMITS_TEXT)
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 leads' }))

    await within(results).findByText(/^Queued for Webhook:/)
    expect(within(dialog).getByRole('status')).toBe(results)
    expect(results).toHaveTextContent(
      'Queued for Webhook: 1 lead — see the delivery log. 1 lead marked do-not-call was left out.',
    )
    expect(results).toHaveTextContent(
      'Follow Up Boss: failed. Follow Up Boss cannot be reached from this server.',
    )
    expect(requestsTo(fetch, '/leads/export-webhook')[0]?.body).toEqual({
      lead_ids: ['lead-1', 'lead-2'],
    })
    expect(requestsTo(fetch, '/leads/export-follow-up-boss')[0]?.body).toEqual({
      lead_ids: ['lead-1', 'lead-2'],
    })
    // The toast says it too, as an error since one failed.
    const toast = await screen.findByText(/^Queued for Webhook: 1 lead/, { selector: '.toast' })
    expect(toast).toHaveClass('toast-error')

    // The way to the outcome: the delivery log, in CRM settings.
    await user.click(within(dialog).getByRole('button', { name: 'See the delivery log' }))
    expect(await screen.findByRole('dialog', { name: 'CRM settings' })).toHaveTextContent(
      'Recent deliveries',
    )
  })

  it('sends all leads to the CRMs ticked', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(connected)],
      '/leads/export-webhook': [queuedAnswer(2)],
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
    const toast = await screen.findByText('Queued for Webhook: 2 leads — see the delivery log.', {
      selector: '.toast',
    })
    expect(toast).toHaveClass('toast-success')
  })

  it('offers the settings when no CRM is connected, or Cancel', async () => {
    const { user } = await openLeads()
    const dialog = await openSend(user)
    expect(dialog).toHaveTextContent('No CRM is connected yet.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Send to CRM' })).toHaveFocus()
    })

    const again = await openSend(user)
    await user.click(within(again).getByRole('button', { name: 'Open CRM settings' }))
    const settings = await screen.findByRole('dialog', { name: 'CRM settings' })
    expect(screen.queryByRole('dialog', { name: 'Send leads to your CRM' })).toBeNull()
    expect(settings).toContainElement(document.activeElement as HTMLElement)
    // Closing the settings gives focus back to what opened Send to CRM.
    await user.keyboard('{Escape}')
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Send to CRM' })).toHaveFocus()
    })
  })

  it('cannot be closed while sending, so the leads are not sent twice', async () => {
    const answer = later()
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(connected)],
      '/leads/export-webhook': [() => answer.promise],
    })
    const dialog = await openSend(user)
    await user.click(within(dialog).getByRole('checkbox', { name: /Follow Up Boss/ }))
    const send = within(dialog).getByRole('button', { name: 'Send all leads' })
    await user.click(send)
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await user.keyboard('{Escape}')
    const overlay = document.querySelector('[data-state="open"][class*="overlay"]')
    expect(overlay).not.toBeNull()
    if (overlay) await user.click(overlay)
    expect(screen.getByRole('dialog', { name: 'Send leads to your CRM' })).toBe(dialog)
    // Pressed again while sending: nothing more is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Sending…' }))
    expect(requestsTo(fetch, '/leads/export-webhook')).toHaveLength(1)

    answer.answer(queuedAnswer(2))
    await within(dialog).findByText('Queued for Webhook: 2 leads — see the delivery log.')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(requestsTo(fetch, '/leads/export-webhook')).toHaveLength(1)
  })

  it('loads the settings again when opened: a CRM connected meanwhile is offered', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [ok(crmFixture()), ok(connected)],
    })
    const dialog = await openSend(user)
    expect(await within(dialog).findByRole('checkbox', { name: /Webhook/ })).toBeChecked()
    expect(requestsTo(fetch, '/leads/crm')).toHaveLength(2)
  })

  it('says the settings could not be loaded, with Try again, not "No CRM is connected"', async () => {
    const { fetch, user } = await openLeads({
      '/leads/crm': [
        fail(500, 'The database is resting'),
        fail(500, 'The database is resting'),
        ok(connected),
      ],
    })
    const dialog = await openSend(user)
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Your CRM settings could not be loaded')
    expect(alert).toHaveTextContent('The database is resting')
    expect(dialog).not.toHaveTextContent('No CRM is connected')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('checkbox', { name: /Webhook/ })).toBeInTheDocument()
    expect(requestsTo(fetch, '/leads/crm')).toHaveLength(3)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('CRM result texts', () => {
  it('say queued, never delivered, and what was left out', () => {
    expect(
      crmResultText({
        target: 'webhook',
        ok: true,
        data: {
          status: 'nothing_to_send',
          export_id: null,
          deliveries: 0,
          queued: 0,
          skipped_do_not_call: 2,
        },
      }),
    ).toBe('Webhook: nothing to send. 2 leads marked do-not-call were left out.')
    expect(
      crmResultText({
        target: 'follow_up_boss',
        ok: true,
        data: {
          status: 'queued',
          export_id: 'e-1',
          deliveries: 3,
          queued: 3,
          skipped_do_not_call: 0,
        },
      }),
    ).toBe('Queued for Follow Up Boss: 3 leads — see the delivery log.')
  })
})
