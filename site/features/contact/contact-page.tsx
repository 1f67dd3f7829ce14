import { usePageTitle } from '../../lib/page-title.ts'
import { ContactForm } from './contact-form.tsx'
import { ContactInfoPanel } from './contact-info-panel.tsx'
import styles from './contact.module.css'

/** /contact-us (docs/product.md#page-contact). */
export default function ContactPage() {
  usePageTitle('Contact Us')
  return (
    <div className={styles.page}>
      <header className={`container ${styles.intro}`}>
        <p className="eyebrow">Contact</p>
        <h1>We&apos;re Here to Help</h1>
        <p className={styles.subline}>
          Questions about the extension, your plan or a listing? Send us a message and we will get
          back to you within one business day.
        </p>
      </header>
      <div className={`container ${styles.layout}`}>
        <section className={styles.formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.formTitle}>
            Send us a message
          </h2>
          <p className={styles.formNote}>
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">as required</span> are required.
          </p>
          <ContactForm />
        </section>
        <ContactInfoPanel />
      </div>
    </div>
  )
}
