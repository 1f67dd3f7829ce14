import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { EmailField } from '../../components/form/email-field.tsx'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { checkEmail } from '../../lib/field-rules.ts'
import { warmApi } from '../../lib/load-api.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { resetPasswordRequest } from './api/reset-password-request.ts'
import { errorMessage } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { FormHeader } from './form-header.tsx'
import { GuestLayout } from './guest-layout.tsx'
import { Outcome } from './outcome.tsx'
import styles from './auth-form.module.css'

export const FORGOT_FAILED_MESSAGE = 'Failed to process password reset request.'

/** Forgot password (docs/product.md#guest-pages): the form gives way to "Email Sent" once taken. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [banner, setBanner] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ mode: 'onTouched', defaultValues: { email: '' } })

  async function onSubmit({ email }: { email: string }) {
    setBanner(null)
    try {
      await resetPasswordRequest(email.trim())
    } catch (error) {
      const message = errorMessage(error, FORGOT_FAILED_MESSAGE)
      setBanner(message)
      return
    }
    setSentTo(email.trim())
  }

  return (
    <GuestLayout reviews={[2]}>
      {sentTo ? (
        <Outcome tone="success" title="Email Sent">
          <p>
            If an account exists for <strong>{sentTo}</strong>, a link to reset your password is on
            its way. It works for one hour.
          </p>
          <p>Can’t find it? Check your spam or junk folder.</p>
          <div className={styles.actions}>
            <Link href="/sign-in" className="button button-primary">
              Back to Sign In
            </Link>
          </div>
        </Outcome>
      ) : (
        <>
          <FormHeader title="Forgot your password?">
            Enter the e-mail you signed up with and we’ll send you a link to choose a new one.
          </FormHeader>
          <form
            className={styles.form}
            onFocus={warmApi}
            noValidate
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          >
            <FormBanner message={banner} />
            <EmailField
              error={errors.email?.message}
              {...register('email', { validate: checkEmail })}
            />
            <SubmitButton busy={isSubmitting} busyLabel="Sending…" className={styles.submit}>
              Send Reset Link
            </SubmitButton>
          </form>
          <p className={styles.switch}>
            Remembered it?{' '}
            <Link href="/sign-in" className={styles.link}>
              Back to Sign In
            </Link>
          </p>
        </>
      )}
    </GuestLayout>
  )
}
