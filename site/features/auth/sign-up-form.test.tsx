import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.tsx'
import { fail, ok, sent, stubFetch } from '../../testing/http.ts'
import { currentPath, renderAt } from '../../testing/render.tsx'
import SignUpPage from './sign-up-page.tsx'

function setup() {
  const view = renderAt('/sign-up', <SignUpPage />)
  const field = (name: RegExp) => screen.getByLabelText(name)
  const fields = {
    name: field(/full name/i),
    email: field(/^email$/i),
    phone: field(/phone number/i),
    password: field(/^password$/i),
    country: screen.getByRole('combobox', { name: 'Country' }),
  }
  const button = screen.getByRole('button', { name: 'Sign Up' })
  async function fill(values: {
    name?: string
    email?: string
    phone?: string
    password?: string
  }) {
    for (const [key, value] of Object.entries(values)) {
      if (value) await view.user.type(fields[key as keyof typeof values], value)
    }
  }
  return { ...view, fields, button, fill }
}

const valid = {
  name: 'Ann Agent',
  email: 'ann@example.com',
  phone: '2133734253',
  password: 'correct horse',
}

describe('sign-up (docs/product.md#sign-up, #validation, #messages)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('keeps Sign Up disabled until name, email and password are filled', async () => {
    const { button, fill, user, fields } = setup()
    expect(button).toBeDisabled()
    await fill({ name: valid.name })
    expect(button).toBeDisabled()
    await fill({ email: valid.email })
    expect(button).toBeDisabled()
    await fill({ password: 'x' })
    expect(button).toBeEnabled()
    await user.clear(fields.name)
    expect(button).toBeDisabled()
  })

  it('defaults the phone country to the US and shows its calling code, not editable', async () => {
    const { fields, user } = setup()
    expect(fields.country).toHaveValue('US')
    expect(screen.getByTestId('calling-code')).toHaveTextContent('+1')
    await user.type(fields.phone, '+44')
    // The plus is not accepted: the calling code comes from the country only.
    expect(fields.phone).toHaveValue('44')
    expect(screen.getByTestId('calling-code')).toHaveTextContent('+1')
  })

  it('formats the number the international way as it is typed', async () => {
    const { fields, user } = setup()
    await user.type(fields.phone, '2133734253')
    expect(fields.phone).toHaveValue('213 373 4253')
  })

  it('regroups and checks the number again when the country changes', async () => {
    const { fields, user } = setup()
    await user.type(fields.phone, '7400123456')
    await user.tab()
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
    await user.selectOptions(fields.country, 'GB')
    expect(fields.phone).toHaveValue('7400 123456')
    await waitFor(() => {
      expect(screen.queryByText('Invalid phone number')).toBeNull()
    })
    expect(fields.phone).not.toHaveAttribute('aria-invalid')
  })

  it('says "Invalid email address" for a malformed e-mail', async () => {
    const { fields, user } = setup()
    await user.type(fields.email, 'ann@example')
    await user.tab()
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument()
    expect(fields.email).toHaveAttribute('aria-invalid', 'true')
    expect(fields.email).toHaveAccessibleDescription('Invalid email address')
  })

  it('says "Phone number is required" when the phone is empty', async () => {
    const fetch = stubFetch()
    const { fill, button, user } = setup()
    await fill({ name: valid.name, email: valid.email, password: valid.password })
    await user.click(button)
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('says "Invalid phone number" for a number that cannot exist', async () => {
    const { fields, user } = setup()
    await user.type(fields.phone, '12345')
    await user.tab()
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
  })

  it('says "Password must be at least 8 characters long" for a short password', async () => {
    const { fields, user } = setup()
    await user.type(fields.password, 'short')
    await user.tab()
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument()
  })

  it('says "Name is required" for a blank name', async () => {
    const { fields, user } = setup()
    await user.type(fields.name, '   ')
    await user.tab()
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
  })

  it('sends the phone in E.164 and, on 201, stores the e-mail and goes to /signup-success', async () => {
    const success = vi.spyOn(toast, 'success')
    const fetch = stubFetch(ok({ user_id: 'u1', email: valid.email }, 201))
    const { fill, button, user } = setup()
    await fill(valid)
    await user.click(button)

    await waitFor(() => {
      expect(currentPath()).toBe('/signup-success')
    })
    const request = sent(fetch)
    expect(request.url).toBe('/api/v1/auth/register')
    expect(request.method).toBe('POST')
    expect(request.body).toEqual({
      name: 'Ann Agent',
      email: 'ann@example.com',
      phoneNumber: '+12133734253',
      password: 'correct horse',
    })
    expect(localStorage.getItem('email')).toBe('ann@example.com')
    expect(success).toHaveBeenCalledOnce()
  })

  it('sends the chosen country, national trunk prefix and all, as E.164', async () => {
    const fetch = stubFetch(ok({ user_id: 'u1', email: valid.email }, 201))
    const { fill, fields, button, user } = setup()
    await user.selectOptions(fields.country, 'GB')
    expect(screen.getByTestId('calling-code')).toHaveTextContent('+44')
    await fill({ ...valid, phone: '07911 123456' })
    await user.click(button)
    await waitFor(() => {
      expect(fetch).toHaveBeenCalledOnce()
    })
    expect(sent(fetch).body).toMatchObject({ phoneNumber: '+447911123456' })
  })

  it('on 409 shows the message as the banner, marks the field and keeps the form', async () => {
    const message = 'An account with this email already exists.'
    stubFetch(fail(409, message, { email: message }))
    const { fill, fields, button, user } = setup()
    await fill(valid)
    await user.click(button)

    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    // The banner and the e-mail field's own message; no toast repeating them.
    expect(screen.getAllByText(message)).toHaveLength(2)
    expect(document.querySelector('.toast-error')).toBeNull()
    expect(fields.email).toHaveAttribute('aria-invalid', 'true')
    expect(currentPath()).toBe('/sign-up')
    expect(fields.name).toHaveValue(valid.name)
    expect(fields.email).toHaveValue(valid.email)
    expect(fields.phone).toHaveValue('213 373 4253')
    expect(fields.password).toHaveValue(valid.password)
    expect(localStorage.getItem('email')).toBeNull()
  })

  it('falls back to "An error occurred" when the server gives no message', async () => {
    const error = vi.spyOn(toast, 'error')
    stubFetch(new Response('upstream broke', { status: 502 }))
    const { fill, button, user } = setup()
    await fill(valid)
    await user.click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred')
    expect(error).not.toHaveBeenCalled()
  })

  it('links to sign-in', () => {
    setup()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in')
  })
})
