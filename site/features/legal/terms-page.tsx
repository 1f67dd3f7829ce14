import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { LegalDocument } from './legal-document.tsx'

const mail = `mailto:${brand.supportEmail}`

/** /terms-of-service. */
export default function TermsPage() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These terms apply when you use the {brand.name} web site, web app and Chrome extension
        (together, the service). By creating an account you agree to them.
      </p>

      <h2>1. The service</h2>
      <p>
        {brand.name} reads a property listing you open and prepares a Facebook Marketplace listing
        draft from it in your browser. You review the draft and decide whether to publish it.
      </p>

      <h2>2. Your account</h2>
      <p>
        Give accurate details, keep your password to yourself, and tell us at{' '}
        <a href={mail}>{brand.supportEmail}</a> if you think someone else used your account. An
        account is for one person.
      </p>

      <h2>3. Trial and subscriptions</h2>
      <ul>
        <li>
          New accounts get a {brand.trialDays}-day free trial of the Pro plan. No credit card is
          needed, and the trial ends by itself.
        </li>
        <li>
          Paid plans are billed monthly or annually, in advance, through our payment provider. The
          price is shown on the <Link href="/pricing">pricing page</Link> before you pay.
        </li>
        <li>
          You can cancel at any time from your dashboard. Your plan stays active until the end of
          the period you paid for and is then downgraded; we do not charge you again.
        </li>
      </ul>

      <h2>4. Your listings and the rules of real estate</h2>
      <ul>
        <li>
          Only convert listings you are allowed to advertise: you are the listing agent, or you have
          the listing broker&apos;s permission, as MLS rules require.
        </li>
        <li>
          You are responsible for what you publish: it must be accurate and follow fair-housing law,
          Facebook&apos;s Commerce Policies and the terms of the site the listing comes from.
        </li>
        <li>Always review a draft before you publish it.</li>
      </ul>

      <h2>5. Fair use</h2>
      <p>
        Do not use the service to collect listings in bulk, to get around another site&apos;s access
        controls, to send spam, or to overload or reverse-engineer the service. Do not share your
        account.
      </p>

      <h2>6. Other companies&apos; sites</h2>
      <p>
        {brand.name} is not affiliated with or endorsed by Zillow, Realtor.com, Redfin or Facebook.
        When they change their sites, conversion may stop working for a while until we adapt; we
        work to fix such breaks quickly.
      </p>

      <h2>7. Results</h2>
      <p>
        Figures on our site, such as hours saved or more leads, are estimates. We do not promise a
        particular number of leads, inquiries or sales.
      </p>

      <h2>8. Warranty and liability</h2>
      <p>
        We provide the service with care but as it is, without warranties beyond those the law
        requires. To the extent the law allows, our total liability for any claim is limited to the
        amount you paid us in the twelve months before it.
      </p>

      <h2>9. Ending the service</h2>
      <p>
        You may stop using the service and ask us to delete your account at any time. We may suspend
        accounts that break these terms, and will tell you why.
      </p>

      <h2>10. Changes and contact</h2>
      <p>
        If these terms change, we update this page and its date and tell account holders about any
        important change by e-mail. Questions: <a href={mail}>{brand.supportEmail}</a>. See also our{' '}
        <Link href="/privacy">Privacy Policy</Link>.
      </p>
    </LegalDocument>
  )
}
