import styles from './auth-form.module.css'

/**
 * The failure of the last submit, above the form, announced (role alert). It is the one place the
 * message shows: a toast saying the same again would only repeat it away from the form.
 */
export function FormBanner({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className={styles.banner} role="alert">
      <svg viewBox="0 0 20 20" aria-hidden="true" className={styles.bannerIcon}>
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.6h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <span>{message}</span>
    </div>
  )
}
