import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmailField } from '../../components/form/email-field.tsx'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { getStoredEmail } from '../../lib/auth-storage.ts'
import { checkEmail } from '../../lib/field-rules.ts'
import { toast } from '../../lib/toast.tsx'
import { resendVerification } from './api/resend-verification.ts'
import { errorMessage } from './error-message.ts'
import { RESEND_CONFIRMATION } from './resend-verification-button.tsx'
import styles from './auth-form.module.css'
import form from './resend-verification-form.module.css'

/**
 * After a failed verification: ask for a new link by e-mail (docs/product.md#page-verify-email).
 */
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
      <EmailField error={errors.email?.message} {...register('email', { validate: checkEmail })} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" className={styles.submit}>
        Send a new link
      </SubmitButton>
    </form>
  )
}
