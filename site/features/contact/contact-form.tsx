import { Controller, useForm, useWatch } from 'react-hook-form'
import { isApiError } from '../../../api/client/api-error.ts'
import { messages } from '../../../api/validation-rules.ts'
import { CountryOptions } from '../../components/form/country-options.tsx'
import { EmailField } from '../../components/form/email-field.tsx'
import { FormField } from '../../components/form/form-field.tsx'
import { SubmitButton } from '../../components/form/submit-button.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { checkEmail } from '../../lib/field-rules.ts'
import { warmApi } from '../../lib/load-api.ts'
import {
  DEFAULT_COUNTRY,
  formatNationalPhoneInput,
  toE164,
  type CountryCode,
} from '../../lib/phone-number.ts'
import { toast } from '../../lib/toast.tsx'
import { sendContactMessage } from './api/send-contact-message.ts'
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

/**
 * The contact form (docs/product.md#contact): the outcome in a toast (#messages), and the form
 * cleared after every submit, sent or not.
 */
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

  async function onSubmit(values: ContactValues) {
    try {
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: toE164(values.phoneCountry, values.phone) ?? undefined,
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
      onFocus={warmApi}
      onSubmit={(event) => {
        void handleSubmit(onSubmit)(event)
      }}
      noValidate
      aria-label="Contact form"
    >
      <div className={styles.row}>
        <TextField
          id="contact-name"
          label="Full Name"
          marker="required"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name', {
            validate: (value) => value.trim() !== '' || 'Full name is required',
          })}
        />
        <EmailField
          id="contact-email"
          label="Email Address"
          marker="required"
          error={errors.email?.message}
          {...register('email', { validate: checkEmail })}
        />
      </div>
      <FormField
        id="contact-phone"
        label="Phone Number"
        marker="optional"
        error={errors.phone?.message}
      >
        {(phoneControl) => (
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
                    if (phone) setValue('phone', formatNationalPhoneInput(next, phone, ''))
                  }}
                >
                  <CountryOptions selected={field.value} />
                </select>
              )}
            />
            <Controller
              control={control}
              name="phone"
              rules={{
                // Optional: only a typed number is checked.
                validate: (value, values) =>
                  value.trim() === '' ||
                  toE164(values.phoneCountry, value) !== null ||
                  messages.invalidPhone,
              }}
              render={({ field }) => (
                <input
                  {...phoneControl}
                  type="tel"
                  inputMode="tel"
                  className={styles.input}
                  autoComplete="tel-national"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(
                      formatNationalPhoneInput(country, event.target.value, field.value),
                    )
                  }}
                />
              )}
            />
          </div>
        )}
      </FormField>
      <div className={styles.row}>
        <TextField
          id="contact-company"
          label="Company/Agency"
          marker="optional"
          autoComplete="organization"
          {...register('company')}
        />
        <TextField
          id="contact-subject"
          label="Subject"
          marker="required"
          error={errors.subject?.message}
          {...register('subject', {
            validate: (value) => value.trim() !== '' || 'Subject is required',
          })}
        />
      </div>
      <FormField
        id="contact-message"
        label="Message"
        marker="required"
        error={errors.message?.message}
      >
        {(messageControl) => (
          <textarea
            {...messageControl}
            rows={5}
            className={styles.input}
            {...register('message', {
              validate: (value) => value.trim() !== '' || 'Message is required',
            })}
          />
        )}
      </FormField>
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" className={styles.submit}>
        Send Message
      </SubmitButton>
    </form>
  )
}
