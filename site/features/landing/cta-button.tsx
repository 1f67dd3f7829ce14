import { Link } from 'wouter'
import { ArrowRightIcon } from '../../components/icons.tsx'
import { useIsLoggedIn } from '../auth/use-session.ts'
import styles from './landing.module.css'

/** The call to action: the dashboard for logged-in visitors, the free trial for everyone else. */
export function CtaButton() {
  const loggedIn = useIsLoggedIn()
  return loggedIn ? (
    <Link href="/dashboard" className={`button button-primary ${styles.cta}`}>
      Go to Your Dashboard
      <ArrowRightIcon size={18} />
    </Link>
  ) : (
    <Link href="/sign-up" className={`button button-primary ${styles.cta}`} data-guest-only="">
      Start Your Free Trial Today!
      <ArrowRightIcon size={18} />
    </Link>
  )
}
