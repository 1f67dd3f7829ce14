import { Controller, useForm, useWatch } from 'react-hook-form'
import { isApiError } from '../../../api/client/api-error.ts'
import { EMAIL_PATTERN, messages } from '../../../api/validation-rules.ts'
import { toast } from '../../lib/toast.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { sendContactMessage } from './api/send-contact-message.ts'
import {
  countryOptions,
  DEFAULT_COUNTRY,
  formatAsYouType,
  isAcceptablePhone,
  phoneForSending,
  type CountryCode,
} from './phone-rules.ts'
import { FieldShell } from './text-field.tsx'
import styles from './contact.module.css'

export const CONTACT_SENT = 'Email sent successfully.'
export const CONTACT_DUPLICATE = 'An email has already been sent. Please check your inbox.'
export const CONTACT_FAILED = 'Failed to send the email. Please try again.'

interface ContactValues {
  name: string
  email: string
  phoneCountry: CountryCode
  phone: string
  company: string
  subject: string
  message: string
}

const emptyForm: ContactValues = {
  name: '',
  email: '',
  phoneCountry: DEFAULT_COUNTRY,
  phone: '',
  company: '',
  subject: '',
  message: '',
}

/** SPEC §2 /contact-us form; §5 field rules; §8 outcomes; §4 reset after every submit. */
export function ContactForm() {
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({ defaultValues: emptyForm, mode: 'onTouched' })
  const country = useWatch({ control, name: 'phoneCountry' })
  const hydrated = useHydrated()

  async function onSubmit(values: ContactValues) {
    try {
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: phoneForSending(values.phone, values.phoneCountry),
        company: values.company.trim() || undefined,
        subject: values.subject.trim(),
        message: values.message.trim(),
      })
      toast.success(CONTACT_SENT)
    } catch (error) {
      toast.error(isApiError(error) && error.status === 409 ? CONTACT_DUPLICATE : CONTACT_FAILED)
    } finally {
      reset(emptyForm)
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        void handleSubmit(onSubmit)(event)
      }}
      noValidate
      aria-label="Contact form"
    >
      <div className={styles.row}>
        <FieldShell id="contact-name" label="Full Name" required error={errors.name?.message}>
          {(describedBy) => (
            <input
              id="contact-name"
              className={styles.input}
              autoComplete="name"
              aria-required="true"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
              {...register('name', {
                validate: (v) => v.trim() !== '' || 'Full name is required',
              })}
            />
          )}
        </FieldShell>
        <FieldShell id="contact-email" label="Email Address" required error={errors.email?.message}>
          {(describedBy) => (
            <input
              id="contact-email"
              type="email"
              className={styles.input}
              autoComplete="email"
              aria-required="true"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...register('email', {
                validate: (v) => {
                  if (v.trim() === '') return messages.emailRequired
                  return EMAIL_PATTERN.test(v.trim()) || messages.invalidEmail
                },
              })}
            />
          )}
        </FieldShell>
      </div>
      <FieldShell id="contact-phone" label="Phone Number" error={errors.phone?.message}>
        {(describedBy) => (
          <div className={styles.phone}>
            <Controller
              control={control}
              name="phoneCountry"
              render={({ field }) => (
                <select
                  className={styles.country}
                  aria-label="Country calling code"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    const next = event.target.value as CountryCode
                    field.onChange(next)
                    // Re-format what is there for the new country.
                    const phone = getValues('phone')
                    if (phone) setValue('phone', formatAsYouType(phone, '', next))
                  }}
                >
                  {/* Node's and the browser's Intl name countries differently: until hydrated
                      only the chosen one is listed, so the prerendered page matches. */}
                  {countryOptions()
                    .filter(({ code }) => hydrated || code === field.value)
                    .map(({ code, label }) => (
                      <option key={code} value={code}>
                        {label}
                      </option>
                    ))}
                </select>
              )}
            />
            <Controller
              control={control}
              name="phone"
              rules={{
                validate: (v, all) =>
                  isAcceptablePhone(v, all.phoneCountry) || messages.invalidPhone,
              }}
              render={({ field }) => (
                <input
                  id="contact-phone"
                  type="tel"
                  inputMode="tel"
                  className={styles.input}
                  autoComplete="tel-national"
                  aria-invalid={errors.phone ? true : undefined}
                  aria-describedby={describedBy}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(formatAsYouType(event.target.value, field.value, country))
                  }}
                />
              )}
            />
          </div>
        )}
      </FieldShell>
      <div className={styles.row}>
        <FieldShell id="contact-company" label="Company/Agency">
          {() => (
            <input
              id="contact-company"
              className={styles.input}
              autoComplete="organization"
              {...register('company')}
            />
          )}
        </FieldShell>
        <FieldShell id="contact-subject" label="Subject" required error={errors.subject?.message}>
          {(describedBy) => (
            <input
              id="contact-subject"
              className={styles.input}
              aria-required="true"
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={describedBy}
              {...register('subject', {
                validate: (v) => v.trim() !== '' || 'Subject is required',
              })}
            />
          )}
        </FieldShell>
      </div>
      <FieldShell id="contact-message" label="Message" required error={errors.message?.message}>
        {(describedBy) => (
          <textarea
            id="contact-message"
            rows={5}
            className={styles.input}
            aria-required="true"
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy}
            {...register('message', {
              validate: (v) => v.trim() !== '' || 'Message is required',
            })}
          />
        )}
      </FieldShell>
      <button
        type="submit"
        className={`button button-primary ${styles.submit}`}
        // Until hydrated the browser would send the prerendered form itself (a GET to this page).
        disabled={isSubmitting || !hydrated}
        aria-busy={isSubmitting}
      >
        {isSubmitting && <span className={styles.spinner} aria-hidden="true" data-spinner="" />}
        Send Message
      </button>
    </form>
  )
}
