import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { renderAt } from '../../testing/render.tsx'
import ContactPage from './contact-page.tsx'

function setup() {
  const view = renderAt('/contact-us', <ContactPage />)
  const fields = {
    name: screen.getByLabelText(/^Full Name/),
    email: screen.getByLabelText(/^Email Address/),
    country: screen.getByRole('combobox', { name: 'Country calling code' }),
    phone: screen.getByLabelText(/^Phone Number/),
    company: screen.getByLabelText(/^Company\/Agency/),
    subject: screen.getByLabelText(/^Subject/),
    message: screen.getByLabelText(/^Message/),
  }
  const submit = screen.getByRole('button', { name: 'Send Message' })
  async function fill(phone = '') {
    await view.user.type(fields.name, 'Ann Agent')
    await view.user.type(fields.email, 'ann@example.com')
    if (phone) await view.user.type(fields.phone, phone)
    await view.user.type(fields.company, 'Maple Realty')
    await view.user.type(fields.subject, 'Photos out of order')
    await view.user.type(fields.message, 'The second photo came first.')
  }
  return { ...view, fields, submit, fill }
}

function expectEmpty(fields: ReturnType<typeof setup>['fields']) {
  expect(fields.name).toHaveValue('')
  expect(fields.email).toHaveValue('')
  expect(fields.phone).toHaveValue('')
  expect(fields.company).toHaveValue('')
  expect(fields.subject).toHaveValue('')
  expect(fields.message).toHaveValue('')
  expect(fields.country).toHaveValue('US')
}

describe('contact form (docs/product.md#contact, #validation, #messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('has the six fields, a 5-row message and the support panel', () => {
    const { fields } = setup()
    expect(fields.message.tagName).toBe('TEXTAREA')
    expect(fields.message).toHaveAttribute('rows', '5')
    expect(fields.country).toHaveValue('US')
    expect(screen.getByRole('link', { name: 'support@listingbridge.app' })).toHaveAttribute(
      'href',
      'mailto:support@listingbridge.app',
    )
    expect(screen.getByText('We reply within 24 hours.')).toBeInTheDocument()
    expect(screen.getByText('Monday to Friday')).toBeInTheDocument()
    expect(screen.getByText('9:00 AM to 5:00 PM')).toBeInTheDocument()
    expect(screen.getByText('Saturday and Sunday')).toBeInTheDocument()
    expect(screen.getByText('Closed')).toBeInTheDocument()
  })

  it('requires name, e-mail, subject and message, with messages under the fields', async () => {
    const fetch = stubFetch()
    const { user, submit, fields } = setup()
    await user.click(submit)
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Message is required')).toBeInTheDocument()
    expect(fields.name).toHaveAttribute('aria-invalid', 'true')
    expect(fields.name).toHaveAccessibleDescription('Full name is required')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('checks the e-mail pattern and that a typed phone number is real', async () => {
    const fetch = stubFetch()
    const { user, submit, fields } = setup()
    await user.type(fields.email, 'ann@example')
    await user.type(fields.phone, '12345')
    await user.click(submit)
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('formats the phone number for the chosen country', async () => {
    const { user, fields } = setup()
    await user.type(fields.phone, '2015550123')
    expect(fields.phone).toHaveValue('(201) 555-0123')
    await user.clear(fields.phone)
    await user.selectOptions(fields.country, 'GB')
    await user.type(fields.phone, '07400123456')
    expect(fields.phone).toHaveValue('07400 123456')
  })

  it('sends the six fields, phone in E.164, then says so and clears the form', async () => {
    const fetch = stubFetch(ok({}, 200, 'Email sent successfully.'))
    const success = vi.spyOn(toast, 'success')
    const { user, submit, fields, fill } = setup()
    await fill('2015550123')
    await user.click(submit)
    await waitFor(() => {
      expect(success).toHaveBeenCalledWith('Email sent successfully.')
    })
    expect(sent(fetch).url).toBe('/api/v1/users/contact-us')
    expect(sent(fetch).body).toEqual({
      name: 'Ann Agent',
      email: 'ann@example.com',
      phone: '+12015550123',
      company: 'Maple Realty',
      subject: 'Photos out of order',
      message: 'The second photo came first.',
    })
    expectEmpty(fields)
  })

  it('leaves the optional fields out when empty', async () => {
    const fetch = stubFetch(ok())
    const { user, submit, fields } = setup()
    await user.type(fields.name, 'Ann Agent')
    await user.type(fields.email, 'ann@example.com')
    await user.type(fields.subject, 'Hi')
    await user.type(fields.message, 'Hello')
    await user.click(submit)
    await waitFor(() => {
      expect(fetch).toHaveBeenCalled()
    })
    expect(sent(fetch).body).toEqual({
      name: 'Ann Agent',
      email: 'ann@example.com',
      subject: 'Hi',
      message: 'Hello',
    })
  })

  it('on 409 says an e-mail was already sent, and still clears the form', async () => {
    stubFetch(fail(409, 'An email has already been sent. Please check your inbox.'))
    const error = vi.spyOn(toast, 'error')
    const { user, submit, fields, fill } = setup()
    await fill()
    await user.click(submit)
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith('An email has already been sent. Please check your inbox.')
    })
    expectEmpty(fields)
  })

  it('on any other failure says sending failed, and still clears the form', async () => {
    stubFetch(fail(500, 'Mail server down'))
    const error = vi.spyOn(toast, 'error')
    const { user, submit, fields, fill } = setup()
    await fill()
    await user.click(submit)
    await waitFor(() => {
      expect(error).toHaveBeenCalledWith('Failed to send the email. Please try again.')
    })
    expectEmpty(fields)
  })

  it('shows a spinner and disables Send Message while sending', async () => {
    let answer: (response: Response) => void = () => undefined
    stubFetch(
      new Promise<Response>((resolve) => {
        answer = resolve
      }),
    )
    const { user, submit, fill } = setup()
    await fill()
    await user.click(submit)
    await waitFor(() => {
      expect(submit).toBeDisabled()
    })
    expect(submit.querySelector('[data-spinner]')).not.toBeNull()
    answer(ok())
    await waitFor(() => {
      expect(submit).toBeEnabled()
    })
    expect(submit.querySelector('[data-spinner]')).toBeNull()
  })
})
