import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { TextField } from './text-field.tsx'

describe('text field', () => {
  it('labels its input and reads the hint and the error with it', () => {
    render(
      <TextField label="Password" hint="At least 8 characters." error="Password is required" />,
    )
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('At least 8 characters. Password is required')
    expect(input).not.toHaveAttribute('aria-required')
  })

  it('is neither invalid nor described when there is nothing to say', () => {
    render(<TextField label="Email" />)
    const input = screen.getByLabelText('Email')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  it('keeps an id the page fixes, and marks required and optional fields in the label', () => {
    render(
      <>
        <TextField id="contact-name" label="Full Name" marker="required" />
        <TextField id="contact-company" label="Company" marker="optional" />
      </>,
    )
    const name = screen.getByRole('textbox', { name: 'Full Name' })
    expect(name).toHaveAttribute('id', 'contact-name')
    expect(name).toHaveAttribute('aria-required', 'true')
    expect(screen.getByRole('textbox', { name: 'Company (optional)' })).toHaveAttribute(
      'id',
      'contact-company',
    )
  })

  it('shows and hides a revealable password', async () => {
    const user = userEvent.setup()
    render(<TextField label="Password" type="password" revealable />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input).toHaveAttribute('type', 'password')
  })
})
