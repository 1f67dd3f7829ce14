import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title.ts'
import { FormHeader } from './form-header.tsx'
import { GuestLayout } from './guest-layout.tsx'
import { SignInForm } from './sign-in-form.tsx'
import styles from './auth-form.module.css'

export default function SignInPage() {
  usePageTitle('Sign in')
  return (
    <GuestLayout reviews={[1, 4]}>
      <FormHeader title="Welcome back">
        Sign in to manage your listings and subscription.
      </FormHeader>
      <SignInForm />
      <p className={styles.switch}>
        New here?{' '}
        <Link href="/sign-up" className={styles.link}>
          Sign Up
        </Link>{' '}
        and start your free trial.
      </p>
    </GuestLayout>
  )
}
