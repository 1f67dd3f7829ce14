import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { usePageTitle } from '../../lib/page-title.ts'
import { FormHeader } from './form-header.tsx'
import { GuestLayout } from './guest-layout.tsx'
import { SignUpForm } from './sign-up-form.tsx'
import styles from './auth-form.module.css'

export default function SignUpPage() {
  usePageTitle('Sign up')
  return (
    <GuestLayout reviews={[0, 3]}>
      <FormHeader title="Create your account">
        Start your free {brand.trialDays}-day trial. No credit card required.
      </FormHeader>
      <SignUpForm />
      <p className={styles.switch}>
        Already have an account?{' '}
        <Link href="/sign-in" className={styles.link}>
          Sign in
        </Link>
      </p>
    </GuestLayout>
  )
}
