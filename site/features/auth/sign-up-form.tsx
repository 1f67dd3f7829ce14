import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import { PASSWORD_MIN_LENGTH } from '../../../api/validation-rules.ts'
import { PhoneField } from '../../components/form/phone-field.tsx'
import { EmailField } from '../../components/form/email-field.tsx'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { saveEmail } from '../../lib/auth-storage.ts'
import { checkEmail, checkName, newPasswordRules } from '../../lib/field-rules.ts'
import { warmApi } from '../../lib/load-api.ts'
import { checkPhone, DEFAULT_COUNTRY, toE164, type CountryCode } from '../../lib/phone-number.ts'
import { toast } from '../../lib/toast.tsx'
import { register as registerAccount } from './api/register.ts'
import { errorMessage, fieldErrors } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import styles from './auth-form.module.css'

export const REGISTERED_MESSAGE =
  'Registration successful. Please check your email to verify your account.'

interface SignUpValues {
  name: string
  email: string
  country: CountryCode
  phone: string
  password: string
}

/** The server names fields as the API does; the form names the phone input `phone`. */
const serverFieldToInput: Record<string, keyof SignUpValues> = {
  name: 'name',
  email: 'email',
  phoneNumber: 'phone',
  password: 'password',
}

/** The sign-up form (docs/product.md#sign-up; its messages: #validation, #messages). */
export function SignUpForm() {
  const [, navigate] = useLocation()
  const [banner, setBanner] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    mode: 'onTouched',
    defaultValues: { name: '', email: '', country: DEFAULT_COUNTRY, phone: '', password: '' },
  })
  const [name, email, password, country] = useWatch({
    control,
    name: ['name', 'email', 'password', 'country'],
  })
  // Sign Up waits for name, e-mail and password (docs/product.md#validation).
  const filled = name.trim() !== '' && email.trim() !== '' && password !== ''

  async function onSubmit(values: SignUpValues) {
    setBanner(null)
    const phoneNumber = toE164(values.country, values.phone)
    if (!phoneNumber) return
    const account = {
      name: values.name.trim(),
      email: values.email.trim(),
      phoneNumber,
      password: values.password,
    }
    try {
      await registerAccount(account)
    } catch (error) {
      // What was typed stays in the form; the message says what to change.
      const message = errorMessage(error)
      setBanner(message)
      for (const [field, text] of Object.entries(fieldErrors(error))) {
        const input = serverFieldToInput[field]
        if (input) setError(input, { type: 'server', message: text })
      }
      return
    }
    saveEmail(account.email)
    toast.success(REGISTERED_MESSAGE)
    navigate('/signup-success')
  }

  return (
    <form
      className={styles.form}
      onFocus={warmApi}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <FormBanner message={banner} />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name', { validate: checkName })}
      />
      <EmailField error={errors.email?.message} {...register('email', { validate: checkEmail })} />
      <Controller
        control={control}
        name="phone"
        rules={{ validate: (value, values) => checkPhone(values.country, value) }}
        render={({ field, fieldState }) => (
          <PhoneField
            label="Phone number"
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            country={country}
            onCountryChange={(next) => {
              setValue('country', next)
            }}
          />
        )}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        revealable
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password', newPasswordRules)}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Creating your account…"
        disabled={!filled}
        className={styles.submit}
      >
        Sign Up
      </SubmitButton>
      <p className={styles.fine}>
        By signing up you agree to our <Link href="/terms-of-service">Terms of Service</Link> and{' '}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  )
}
