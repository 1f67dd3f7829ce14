import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useLocation, useSearch } from 'wouter'
import { messages } from '../../../api/validation-rules.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { toast } from '../../lib/toast.tsx'
import { newPasswordRules } from './account-field-rules.ts'
import { resetPassword } from './api/reset-password.ts'
import { errorMessage, fieldErrors } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { FormHeader } from './form-header.tsx'
import { GuestLayout } from './guest-layout.tsx'
import { Outcome } from './outcome.tsx'
import { PasswordRequirements } from './password-requirements.tsx'
import { SubmitButton } from './submit-button.tsx'
import { TextField } from './text-field.tsx'
import styles from './auth-form.module.css'

export const MISSING_TOKEN_MESSAGE = 'Invalid or missing reset token'
export const RESET_FAILED_MESSAGE = 'Failed to reset password'

interface ResetValues {
  password: string
  confirm: string
}

/** SPEC §2/§5/§8 reset password, with the token from `?token=`. */
export default function ResetPasswordPage() {
  usePageTitle('Reset password')
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [, navigate] = useLocation()
  const warned = useRef(false)

  useEffect(() => {
    // Once, even under StrictMode's double effect: one toast, one redirect.
    if (token || warned.current) return
    warned.current = true
    toast.error(MISSING_TOKEN_MESSAGE)
    navigate('/sign-in', { replace: true })
  }, [token, navigate])

  return <GuestLayout reviews={[4]}>{token && <ResetPasswordForm token={token} />}</GuestLayout>
}

function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false)
  const [banner, setBanner] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ mode: 'onTouched', defaultValues: { password: '', confirm: '' } })
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm'] })

  // A changed password re-checks a confirmation the user has already typed.
  useEffect(() => {
    if (getFieldState('confirm').isTouched) void trigger('confirm')
  }, [password, getFieldState, trigger])

  async function onSubmit(values: ResetValues) {
    setBanner(null)
    try {
      await resetPassword(token, values.password)
    } catch (error) {
      const message = errorMessage(error, RESET_FAILED_MESSAGE)
      toast.error(message)
      setBanner(message)
      const fieldMessage = fieldErrors(error).new_password
      if (fieldMessage) setError('password', { type: 'server', message: fieldMessage })
      return
    }
    setDone(true)
  }

  if (done) {
    return (
      <Outcome tone="success" title="Password Reset Successful">
        <p>Your password has been changed. Sign in with your new password.</p>
        <div className={styles.actions}>
          <Link href="/sign-in" className="button button-primary">
            Sign In
          </Link>
        </div>
      </Outcome>
    )
  }

  return (
    <>
      <FormHeader title="Choose a new password">
        Pick a strong password you don’t use anywhere else.
      </FormHeader>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormBanner message={banner} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          revealable
          error={errors.password?.message}
          hint={<PasswordRequirements password={password} />}
          {...register('password', newPasswordRules)}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          revealable
          error={errors.confirm?.message}
          {...register('confirm', {
            required: messages.confirmPassword,
            validate: (value, values) => value === values.password || messages.passwordsDoNotMatch,
          })}
        />
        <SubmitButton
          busy={isSubmitting}
          busyLabel="Resetting…"
          disabled={password === '' || confirm === ''}
        >
          Reset Password
        </SubmitButton>
      </form>
    </>
  )
}
