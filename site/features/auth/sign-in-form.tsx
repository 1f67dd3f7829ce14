import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import { isApiError } from '../../../api/client/api-error.ts'
import { messages } from '../../../api/validation-rules.ts'
import { EmailField } from '../../components/form/email-field.tsx'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { checkEmail } from '../../lib/field-rules.ts'
import { warmApi } from '../../lib/load-api.ts'
import { login } from './api/login.ts'
import { completeLogin } from './complete-login.ts'
import { errorMessage } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { ResendVerificationButton } from './resend-verification-button.tsx'
import styles from './auth-form.module.css'

interface SignInValues {
  email: string
  password: string
  remember: boolean
}

/**
 * The sign-in form (docs/product.md#login, #login-success; checked on every change: #validation).
 */
export function SignInForm() {
  const [, navigate] = useLocation()
  const [banner, setBanner] = useState<string | null>(null)
  /** The e-mail login said is unverified (403): offer a new link for it. */
  const [unverified, setUnverified] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    mode: 'onChange',
    defaultValues: { email: '', password: '', remember: false },
  })

  async function onSubmit(values: SignInValues) {
    setBanner(null)
    setUnverified(null)
    const email = values.email.trim()
    try {
      const data = await login({ email, password: values.password })
      completeLogin(data, email, values.remember)
    } catch (error) {
      const message = errorMessage(error)
      setBanner(message)
      if (isApiError(error) && error.status === 403) setUnverified(email)
      return
    }
    navigate('/dashboard')
  }

  return (
    <form
      className={styles.form}
      onFocus={warmApi}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      {(banner !== null || unverified !== null) && (
        <div>
          <FormBanner message={banner} />
          {unverified && <ResendVerificationButton email={unverified} />}
        </div>
      )}
      <EmailField error={errors.email?.message} {...register('email', { validate: checkEmail })} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        error={errors.password?.message}
        {...register('password', { required: messages.passwordRequired })}
      />
      <div className={styles.row}>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register('remember')} />
          Remember me
        </label>
        <Link href="/forgot-password" className={styles.link}>
          Forgot Password?
        </Link>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Signing in…" className={styles.submit}>
        Sign In
      </SubmitButton>
    </form>
  )
}
