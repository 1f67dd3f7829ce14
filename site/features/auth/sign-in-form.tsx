import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import { isApiError } from '../../../api/client/api-error.ts'
import { EMAIL_PATTERN, messages } from '../../../api/validation-rules.ts'
import { login } from './api/login.ts'
import { completeLogin } from './complete-login.ts'
import { errorMessage } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { ResendVerificationButton } from './resend-verification-button.tsx'
import { SubmitButton } from './submit-button.tsx'
import { TextField } from './text-field.tsx'
import styles from './auth-form.module.css'

interface SignInValues {
  email: string
  password: string
  remember: boolean
}

/** SPEC §2 sign-in, §4 login success, §5 rules (checked on every change), §8 failure. */
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
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      {(banner !== null || unverified !== null) && (
        <div>
          <FormBanner message={banner} />
          {unverified && <ResendVerificationButton email={unverified} />}
        </div>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', {
          required: messages.emailRequired,
          validate: (value) => EMAIL_PATTERN.test(value.trim()) || messages.invalidEmail,
        })}
      />
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
      <SubmitButton busy={isSubmitting} busyLabel="Signing in…">
        Sign In
      </SubmitButton>
    </form>
  )
}
