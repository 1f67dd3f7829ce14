import type { ReactNode } from 'react'
import { brand } from '../../../api/brand.ts'
import { REPEAT_CONVERSION_RULE } from '../../content/metering-rule.ts'

export interface FaqItem {
  id: string
  question: string
  answer: ReactNode
}

/** /faq: the six questions (docs/product.md#page-faq). */
export const faqItems: FaqItem[] = [
  {
    id: 'automation',
    question: 'How does the MLS to Facebook Marketplace automation work?',
    answer: (
      <>
        <p>
          Your MLS listing already appears on Zillow. Open it there and click the {brand.name} icon
          in Chrome. The extension reads the listing on the page you are looking at: address, price,
          bedrooms, bathrooms, square footage, description and photos.
        </p>
        <p>
          It then opens Facebook Marketplace&apos;s listing form in a new tab and fills it in for
          you, photos included, with your brokerage attribution at the end of the description. You
          review the draft, change anything you like and press Publish yourself. Nothing is posted
          without you.
        </p>
      </>
    ),
  },
  {
    id: 'limits',
    question: 'Is there a limit to how many listings I can post?',
    answer: (
      <>
        <p>
          No. Every plan, and the free trial, includes unlimited conversions. Facebook may apply its
          own posting limits to new or very active Marketplace accounts; those are set by Facebook,
          not by us.
        </p>
        <p>
          Each conversion, like each FSBO lead you save, shows on your dashboard as an API call.{' '}
          {REPEAT_CONVERSION_RULE}
        </p>
      </>
    ),
  },
  {
    id: 'fsbo',
    question: 'How does the FSBO lead generation work?',
    answer: (
      <p>
        The FSBO (for sale by owner) lead tool scans FSBO listing sites in the areas you choose,
        extracts the owners&apos; publicly posted contact details, and exports them to a CSV file or
        straight into your CRM, so you can follow up with homeowners who are selling without an
        agent.
      </p>
    ),
  },
  {
    id: 'skills',
    question: 'Do I need technical skills to use it?',
    answer: (
      <>
        <p>None at all. Getting started takes three steps:</p>
        <ol>
          <li>Install the extension from the Chrome Web Store.</li>
          <li>
            Connect your account by logging in to the extension with your {brand.name} e-mail.
          </li>
          <li>Open a listing and click the icon to list it on Marketplace.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'security',
    question: 'Is my account secure?',
    answer: (
      <p>
        Yes. {brand.name} never asks for your Facebook or Zillow password: the extension works
        inside your own browser, where you are already logged in. Signing in to {brand.name} uses
        OAuth-style short-lived access tokens and refresh tokens, so your credentials are never
        stored in the extension, and on our servers your password is kept only as a salted hash.
      </p>
    ),
  },
  {
    id: 'trial',
    question: 'How does the 7-day free trial work?',
    answer: (
      <p>
        Your trial starts the moment you sign up and gives you the full Pro plan for 7 days, with no
        credit card required. When it ends, pick the monthly or annual plan on the pricing page to
        keep going. If you do not, conversions simply stop: we never had your card, so you are never
        charged.
      </p>
    ),
  },
]
