import { passwordRules } from './password-rules.ts'
import styles from './password-requirements.module.css'

/** The live checklist under a new password (docs/product.md#guest-pages, /reset-password). */
export function PasswordRequirements({ password, id }: { password: string; id?: string }) {
  return (
    <div id={id} className={styles.box}>
      <p className={styles.title}>Your password should have:</p>
      <ul className={styles.list}>
        {passwordRules.map((rule) => {
          const met = rule.test(password)
          return (
            <li key={rule.id} className={met ? styles.met : undefined} data-met={met}>
              <span className={styles.mark} aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              {rule.label}
              <span className="sr-only">{met ? ' (done)' : ' (not yet)'}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
