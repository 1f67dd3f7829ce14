import type { CountryCode } from 'libphonenumber-js'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, messages } from '../../../api/validation-rules.ts'
import { saveEmail } from '../../lib/auth-storage.ts'
import { toast } from '../../lib/toast.tsx'
import { checkName, checkPhone, newPasswordRules } from './account-field-rules.ts'
import { register as registerAccount } from './api/register.ts'
import { errorMessage, fieldErrors } from './error-message.ts'
import { FormBanner } from './form-banner.tsx'
import { PhoneField } from './phone-field.tsx'
import { DEFAULT_COUNTRY, formatPhoneInput, toE164 } from './phone.ts'
import { SubmitButton } from './submit-button.tsx'
import { TextField } from './text-field.tsx'
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

/** SPEC §2 sign-up, §4 registration success, §5 rules, §8 failure. */
export function SignUpForm() {
  const [, navigate] = useLocation()
  const [banner, setBanner] = useState<string | null>(null)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitting, touchedFields, isSubmitted },
  } = useForm<SignUpValues>({
    mode: 'onTouched',
    defaultValues: { name: '', email: '', country: DEFAULT_COUNTRY, phone: '', password: '' },
  })
  const [name, email, password, country] = useWatch({
    control,
    name: ['name', 'email', 'password', 'country'],
  })
  // SPEC §2: disabled until name, email and password are filled.
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
              setValue('phone', formatPhoneInput(next, getValues('phone')))
              if (touchedFields.phone || isSubmitted) void trigger('phone')
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
      <SubmitButton busy={isSubmitting} busyLabel="Creating your account…" disabled={!filled}>
        Sign Up
      </SubmitButton>
      <p className={styles.fine}>
        By signing up you agree to our <Link href="/terms-of-service">Terms of Service</Link> and{' '}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </form>
  )
}
