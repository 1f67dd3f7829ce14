import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useLocation } from 'wouter'
import { messages } from '../../../../api/validation-rules.ts'
import { TextField } from '../../../components/form/text-field.tsx'
import { siteTokenStore } from '../../../lib/api.ts'
import { setIsLogin, setIsTrial, setRemainingDays, setUserName } from '../../../lib/store.ts'
import { toast } from '../../../lib/toast.tsx'
import { errorMessage } from '../../auth/error-message.ts'
import { FormBanner } from '../../auth/form-banner.tsx'
import { deleteAccount } from './api/delete-account.ts'
import { SaveButton } from './save-button.tsx'
import { showFieldErrors } from './server-field-errors.ts'
import { SettingsSection } from './settings-section.tsx'
import dialogStyles from '../components/dialog.module.css'
import styles from './settings.module.css'

export const ACCOUNT_DELETED_MESSAGE = 'Your account was deleted.'
export const EMAIL_MISMATCH_MESSAGE = 'Type your account’s e-mail exactly'

interface DeleteValues {
  email: string
  password: string
}

const EMPTY: DeleteValues = { email: '', password: '' }

function sameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase()
}

/**
 * Delete account: a dialog says what goes and what stays, and asks for the account's e-mail
 * (the button waits for it) and the password. Afterwards this browser and the extension are
 * signed out and the home page says the account is gone.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false)
  const [banner, setBanner] = useState<string | null>(null)
  const [, navigate] = useLocation()
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DeleteValues>({ mode: 'onTouched', defaultValues: EMPTY })
  const typed = useWatch({ control, name: 'email' })
  const matches = sameEmail(typed, email)

  async function onSubmit(values: DeleteValues) {
    setBanner(null)
    try {
      await deleteAccount(values.password)
    } catch (error) {
      setBanner(errorMessage(error))
      showFieldErrors(error, setError, { password: 'password' })
      return
    }
    // The session is gone on the server; this browser and the extension forget it too.
    await siteTokenStore.clear()
    localStorage.clear()
    setIsLogin(false)
    setUserName('')
    setRemainingDays(0)
    setIsTrial(false)
    navigate('/')
    toast.success(ACCOUNT_DELETED_MESSAGE)
  }

  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      tone="danger"
      description="Deletes your account and everything on it, for good."
    >
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (isSubmitting) return
          if (!next) {
            reset(EMPTY)
            setBanner(null)
          }
          setOpen(next)
        }}
      >
        <div className={styles.formActions}>
          <Dialog.Trigger className={`button ${styles.dangerButton} ${styles.saveButton}`}>
            Delete account…
          </Dialog.Trigger>
        </div>
        <Dialog.Portal>
          <Dialog.Overlay className={dialogStyles.overlay} />
          <Dialog.Content
            className={dialogStyles.dialog}
            onEscapeKeyDown={(event) => {
              if (isSubmitting) event.preventDefault()
            }}
            onPointerDownOutside={(event) => {
              event.preventDefault()
            }}
          >
            <Dialog.Title className={dialogStyles.dialogTitle}>Delete your account?</Dialog.Title>
            <Dialog.Description asChild>
              <div className={styles.dialogText}>
                <p>
                  This deletes your account, your profile and agent profile, your converted
                  listings, your leads and CRM settings, and your usage history. It cannot be
                  undone. You are signed out here and in the extension.
                </p>
                <p>
                  A subscription ends now, without a refund for the time left. Records of your
                  payments are kept, as the law requires for tax and accounting.
                </p>
              </div>
            </Dialog.Description>
            <form
              className={styles.form}
              noValidate
              onSubmit={(event) => void handleSubmit(onSubmit)(event)}
            >
              <FormBanner message={banner} />
              <TextField
                label={`Type ${email} to confirm`}
                type="email"
                autoComplete="off"
                spellCheck={false}
                error={errors.email?.message}
                {...register('email', {
                  validate: (value) => sameEmail(value, email) || EMAIL_MISMATCH_MESSAGE,
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
              <div className={dialogStyles.dialogActions}>
                <Dialog.Close className="button button-secondary" disabled={isSubmitting}>
                  Keep my account
                </Dialog.Close>
                <SaveButton
                  busy={isSubmitting}
                  busyLabel="Deleting…"
                  disabled={!matches}
                  tone="danger"
                >
                  Delete my account
                </SaveButton>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SettingsSection>
  )
}
