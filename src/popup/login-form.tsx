import { useId, useState, type SyntheticEvent } from 'react'
import { DEFAULT_ERROR_MESSAGE } from '../../api/client/api-error.ts'
import { EMAIL_PATTERN, messages } from '../../api/validation-rules.ts'
import { siteLink } from '../config.ts'
import type { LoginResult } from '../messages.ts'

interface Values {
  email: string
  password: string
}
type Errors = Partial<Record<keyof Values, string>>

/**
 * The site's sign-in rules (docs/product.md#validation), with its messages
 * (api/validation-rules.ts).
 */
export function validate(values: Values): Errors {
  const errors: Errors = {}
  const email = values.email.trim()
  if (!email) errors.email = messages.emailRequired
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.invalidEmail
  if (!values.password) errors.password = messages.passwordRequired
  return errors
}

interface Props {
  /** Why the user sees this form again, e.g. "Session expired. Please log in again." */
  notice: string | null
  onLogin: (email: string, password: string) => Promise<LoginResult>
}

export function LoginForm({ notice, onLogin }: Props) {
  const id = useId()
  const [values, setValues] = useState<Values>({ email: '', password: '' })
  /** Fields the user has changed: like the site, rules show from the first change on. */
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [unverified, setUnverified] = useState(false)
  const [busy, setBusy] = useState(false)
  const errors = validate(values)
  const shown = (field: keyof Values) => (touched[field] ? errors[field] : undefined)

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setTouched((current) => ({ ...current, [field]: true }))
  }

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    setTouched({ email: true, password: true })
    if (Object.keys(errors).length > 0 || busy) return
    setBusy(true)
    setBanner(null)
    setUnverified(false)
    try {
      const result = await onLogin(values.email, values.password)
      if (!result.ok) {
        setBanner(result.message)
        setUnverified(result.unverified)
      }
    } catch {
      setBanner(DEFAULT_ERROR_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  const emailError = shown('email')
  const passwordError = shown('password')
  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <h1 className="title">Log in</h1>
      {notice && !banner && (
        <p className="notice notice-warning" role="status">
          {notice}
        </p>
      )}
      {banner && (
        <div className="notice notice-error" role="alert">
          <p>{banner}</p>
          {unverified && (
            <p>
              <a href={siteLink('/sign-in')} target="_blank" rel="noreferrer">
                Resend the verification e-mail on the site
              </a>
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          onChange={(event) => {
            change('email', event.target.value)
          }}
        />
        {emailError && (
          <p className="field-error" id={`${id}-email-error`}>
            {emailError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={values.password}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          onChange={(event) => {
            change('password', event.target.value)
          }}
        />
        {passwordError && (
          <p className="field-error" id={`${id}-password-error`}>
            {passwordError}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <p className="small row-between">
        <a href={siteLink('/forgot-password')} target="_blank" rel="noreferrer">
          Forgot password?
        </a>
        <span>
          No account?{' '}
          <a href={siteLink('/sign-up')} target="_blank" rel="noreferrer">
            Sign up
          </a>
        </span>
      </p>
    </form>
  )
}
