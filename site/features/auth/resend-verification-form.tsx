import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { EMAIL_PATTERN, messages } from '../../../api/validation-rules.ts'
import { getStoredEmail } from '../../lib/auth-storage.ts'
import { toast } from '../../lib/toast.tsx'
import { resendVerification } from './api/resend-verification.ts'
import { errorMessage } from './error-message.ts'
import { RESEND_CONFIRMATION } from './resend-verification-button.tsx'
import { SubmitButton } from './submit-button.tsx'
import { TextField } from './text-field.tsx'
import styles from './auth-form.module.css'
import form from './resend-verification-form.module.css'

/** After a failed verification: ask for a new link by e-mail (DESIGN §3 resend-verification). */
export function ResendVerificationForm() {
  const [sent, setSent] = useState(false)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    mode: 'onTouched',
    defaultValues: { email: getStoredEmail() ?? '' },
  })

  async function onSubmit({ email }: { email: string }) {
    try {
      await resendVerification(email.trim())
    } catch (error) {
      toast.error(errorMessage(error))
      return
    }
    setSent(true)
    toast.success(RESEND_CONFIRMATION)
  }

  if (sent) {
    return (
      <p className={form.sent} role="status">
        {RESEND_CONFIRMATION} Check your inbox and spam folder.
      </p>
    )
  }
  return (
    <form
      className={`${styles.form} ${form.box}`}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <h2 className={form.title}>Get a new link</h2>
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
      <SubmitButton busy={isSubmitting} busyLabel="Sending…">
        Send a new link
      </SubmitButton>
    </form>
  )
}
