import { Link } from 'wouter'
import { brand } from '../../../api/brand.ts'
import { LegalDocument } from './legal-document.tsx'

const mail = `mailto:${brand.supportEmail}`

/** /privacy: what the product stores and why, in plain words (docs/product.md#page-legal). */
export default function PrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        {brand.name} helps real-estate professionals turn a property listing into a Facebook
        Marketplace draft. This policy explains what we store, why, and how to have it deleted. We
        do not sell your data, and we do not use it for advertising.
      </p>

      <h2>What we store</h2>
      <h3>Your account</h3>
      <p>
        Your name, e-mail address and phone number, and your password, which we keep only as a
        salted hash (argon2id). Nobody at {brand.name} can read your password. We also keep when
        your trial or subscription ends.
      </p>
      <h3>Usage</h3>
      <p>
        How many listings you convert each day. These counts power the analytics on your dashboard
        and let us apply your plan.
      </p>
      <h3>Converted listings</h3>
      <p>
        The listing data of each conversion you run: address, price, property facts, description,
        photo links, and the listing agent and brokerage shown on the listing. We keep it so you can
        see your history and so the Marketplace draft can be built.
      </p>
      <h3>Messages to support</h3>
      <p>
        What you send through the contact form: name, e-mail, phone, company, subject and message.
      </p>
      <h3>Payments</h3>
      <p>
        Card payments are handled by our payment provider; your card number never reaches our
        servers. We keep the payment records we need for your account and the law: plan, amount,
        currency, status, date and a receipt link.
      </p>
      <h3>Security logs</h3>
      <p>
        We use IP addresses and e-mail addresses to limit repeated sign-in, sign-up, password reset
        and contact attempts, which protects accounts from abuse.
      </p>

      <h2>The Chrome extension</h2>
      <ul>
        <li>
          It reads the Zillow, Realtor.com or Redfin listing page you choose to convert, only when
          you click its icon. It does not read other pages or your browsing history.
        </li>
        <li>
          It fills in the Facebook Marketplace listing form in your own browser and downloads the
          listing&apos;s photos to attach them. It never presses Publish and never reads your
          Facebook messages, friends or account details.
        </li>
        <li>
          It stores its session tokens in Chrome storage so you stay logged in; they never leave
          your browser except to talk to {brand.name}.
        </li>
        <li>It runs no remote code: everything it executes ships inside the extension.</li>
      </ul>

      <h2>How we use it</h2>
      <p>
        To run the service: your account, conversions, dashboard, billing, and the e-mails the
        service needs (address verification, password resets, receipts, replies to your support
        messages). Nothing else.
      </p>

      <h2>Who else sees it</h2>
      <p>
        We do not sell or rent your data. We share only what a provider needs to do its job for us:
        hosting, e-mail delivery and payment processing. We disclose data to authorities only when
        the law requires it.
      </p>

      <h2>Cookies and browser storage</h2>
      <p>
        The site uses no advertising or tracking cookies. It keeps your session in your
        browser&apos;s storage so you stay logged in; logging out removes it.
      </p>

      <h2>How long we keep it, and deletion</h2>
      <p>
        We keep your data while your account exists. To delete your account and its data, e-mail{' '}
        <a href={mail}>{brand.supportEmail}</a> from the address on your account; we delete your
        account, usage counts, converted listings and contact messages. Payment records are kept as
        long as tax law requires. You can also ask us for a copy of your data the same way.
      </p>

      <h2>Security</h2>
      <p>
        Connections are encrypted, passwords are hashed, access tokens expire after minutes, and
        refresh tokens are stored only as hashes and can be revoked by logging out.
      </p>

      <h2>Children</h2>
      <p>{brand.name} is a professional tool and is not meant for anyone under 18.</p>

      <h2>Changes and contact</h2>
      <p>
        If this policy changes, we update this page and its date, and tell account holders by e-mail
        about any important change. Questions: <a href={mail}>{brand.supportEmail}</a> or our{' '}
        <Link href="/contact-us">contact page</Link>.
      </p>
    </LegalDocument>
  )
}
