import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Me } from '../../../../api/schemas/users.ts'
import { EMAIL_PATTERN, messages } from '../../../../api/validation-rules.ts'
import { TextField } from '../../../components/form/text-field.tsx'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { updateMe } from './api/update-me.ts'
import { SaveButton } from './save-button.tsx'
import { SavedNote } from './saved-note.tsx'
import { showFieldErrors } from './server-field-errors.ts'
import { SettingsSection } from './settings-section.tsx'
import styles from './settings.module.css'

export const SAME_EMAIL_MESSAGE = 'This is already your e-mail address'

export function emailChangeSentMessage(email: string): string {
  return `We sent a link to ${email}. Your e-mail changes when you open it.`
}

export function emailChangeWithdrawnMessage(email: string): string {
  return `Change cancelled. You keep signing in with ${email}.`
}

interface EmailValues {
  email: string
  current_password: string
}

/**
 * A new e-mail address, confirmed by the current password; it takes effect only once the link
 * sent to it is opened, and until then the address waiting for it shows here.
 */
export function EmailForm({ user, onSaved }: { user: Me; onSaved: (user: Me) => void }) {
  const [banner, setBanner] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues>({
    mode: 'onTouched',
    defaultValues: { email: '', current_password: '' },
  })

  async function onSubmit(values: EmailValues) {
    setBanner(null)
    setSent(null)
    const email = values.email.trim()
    try {
      const next = await updateMe({ email, current_password: values.current_password })
      reset({ email: '', current_password: '' })
      onSaved(next)
      // The current address again withdraws a change under way.
      setSent(
        next.pending_email
          ? emailChangeSentMessage(next.pending_email)
          : emailChangeWithdrawnMessage(next.email),
      )
    } catch (error) {
      setBanner(errorMessage(error))
      showFieldErrors(error, setError, { email: 'email', current_password: 'current_password' })
    }
  }

  return (
    <SettingsSection
      id="email"
      title="E-mail"
      description={
        <>
          <p>
            You sign in with <strong className={styles.email}>{user.email}</strong>.
          </p>
          {user.pending_email && (
            <p className={styles.pending} data-pending-email>
              Waiting for confirmation:{' '}
              <strong className={styles.email}>{user.pending_email}</strong>. Open the link we sent
              there to switch to it, or enter {user.email} below to keep your current address.
            </p>
          )}
        </>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormBanner message={banner} />
        <div className={styles.fields}>
          <TextField
            label="New e-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email', {
              required: messages.emailRequired,
              validate: (value) => {
                const email = value.trim()
                if (!EMAIL_PATTERN.test(email)) return messages.invalidEmail
                const same = email.toLowerCase() === user.email.toLowerCase()
                return !same || user.pending_email !== null || SAME_EMAIL_MESSAGE
              },
            })}
          />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            revealable
            error={errors.current_password?.message}
            {...register('current_password', { required: messages.passwordRequired })}
          />
        </div>
        <div className={styles.formActions}>
          <SaveButton busy={isSubmitting} busyLabel="Sending the link…">
            Change e-mail
          </SaveButton>
          <SavedNote message={sent} />
        </div>
      </form>
    </SettingsSection>
  )
}
