import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useLocation, useSearch } from 'wouter'
import { messages } from '../../../api/validation-rules.ts'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { newPasswordRules } from '../../lib/field-rules.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { toast } from '../../lib/toast.tsx'
import { isApiError } from '../../../api/client/api-error.ts'
import { checkResetToken } from './api/check-reset-token.ts'
import { resetPassword } from './api/reset-password.ts'
import { errorMessage, fieldErrors } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { FormHeader } from './form-header.tsx'
import { GuestLayout } from './guest-layout.tsx'
import { Outcome } from './outcome.tsx'
import { PasswordRequirements } from './password-requirements.tsx'
import { useRequestOnce } from './request-once.ts'
import styles from './auth-form.module.css'

export const MISSING_TOKEN_MESSAGE = 'Invalid or missing reset token'
export const DEAD_LINK_TITLE = 'This reset link is invalid or has expired'
export const RESET_FAILED_MESSAGE = 'Failed to reset password'

interface ResetValues {
  password: string
  confirm: string
}

/** Reset password, with the token from `?token=`, checked before the form shows. */
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

  return <GuestLayout reviews={[4]}>{token && <CheckedResetForm token={token} />}</GuestLayout>
}

/**
 * A link that can no longer reset: refused by the check on load (410), or malformed (400). A
 * check that got no answer (offline, rate limit, server error) proves nothing, so the form shows
 * and the submit gives the answer.
 */
function isDeadLink(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && (error.status === 410 || error.status === 400)
  )
}

/** The link is checked before the form is offered: a dead one is said at once. */
function CheckedResetForm({ token }: { token: string }) {
  const check = useRequestOnce(`reset-token:${token}`, () => checkResetToken(token))
  if (check.status === 'pending') {
    return <Outcome tone="pending" title="Checking your reset link…" />
  }
  if (check.status === 'error' && isDeadLink(check.error)) return <DeadLink />
  return <ResetPasswordForm token={token} />
}

function DeadLink() {
  return (
    <Outcome tone="error" title={DEAD_LINK_TITLE}>
      <p>
        A reset link works once, for an hour, and only the latest one sent. Ask for a new link and
        use it from the newest e-mail.
      </p>
      <div className={styles.actions}>
        <Link href="/forgot-password" className="button button-primary">
          Request a New Link
        </Link>
        <Link href="/sign-in" className="button button-secondary">
          Back to Sign In
        </Link>
      </div>
    </Outcome>
  )
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
          className={styles.submit}
        >
          Reset Password
        </SubmitButton>
      </form>
    </>
  )
}
