import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { LEAD_SOURCE_SITES, LEAD_SOURCES } from '../../../../api/lead-sources.ts'
import {
  LISTING_SOURCE_SITES,
  LISTING_SOURCES,
  listingSourceNames,
} from '../../../../api/listing-sources.ts'
import { CheckIcon } from '../../../components/icons.tsx'
import { ExtensionLink } from '../../account/extension-link.tsx'
import type { ExtensionStatus, SetupStep, SetupStepKey } from './setup-steps.ts'
import styles from './first-run.module.css'

export const STEP_TITLES: Record<SetupStepKey, string> = {
  install: 'Install the Chrome extension',
  profile: 'Add your agent profile',
  open: `Open a listing on ${listingSourceNames()}`,
  convert: 'Click Convert in the extension',
  lead: 'Save an FSBO lead',
}

/**
 * "Zillow, FSBO.com or ForSaleByOwner.com", written like the listing sites; a name's kind in
 * brackets ("Zillow (FSBO)") is left out, the sentence already says the listing is FSBO.
 */
function leadSiteNames(): string {
  const names = LEAD_SOURCES.map((source) => LEAD_SOURCE_SITES[source].name.replace(/ \(.*\)$/, ''))
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`
}

/** A source's home page, from its listing-page pattern: `https://www.zillow.com/homedetails/*`. */
function homePage(pattern: string): string {
  return new URL(pattern.replace('*', '')).origin
}

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

function InstallDetails({ done, extension }: { done: boolean; extension: ExtensionStatus }) {
  if (extension === 'installed') return <p className={styles.stepStatus}>Found in this browser.</p>
  if (done) return <p className={styles.stepStatus}>In use with your account.</p>
  return (
    <>
      <p className={styles.stepText}>
        It works in Chrome on your computer, on the listing page you are looking at.
      </p>
      <p className={styles.stepStatus} role="status">
        {extension === 'checking' ? 'Checking this browser…' : 'Not found in this browser.'}
      </p>
      <div className={styles.stepActions}>
        <ExtensionLink>Add to Chrome</ExtensionLink>
      </div>
      <p className={styles.stepNote}>
        Installed on another computer? This step ticks itself once you convert a listing there.
      </p>
    </>
  )
}

function stepDetails(step: SetupStep, extension: ExtensionStatus): ReactNode {
  switch (step.key) {
    case 'install':
      return <InstallDetails done={step.done} extension={extension} />
    case 'profile':
      return (
        <>
          <p className={styles.stepText}>
            Your name and brokerage as your listings show them: the extension recognizes your own
            listings, and asks for the listing broker&apos;s permission on anyone else&apos;s.
          </p>
          {!step.done && (
            <div className={styles.stepActions}>
              <Link href="/dashboard/settings">Open Settings</Link>
            </div>
          )}
        </>
      )
    case 'open':
      return (
        <>
          <p className={styles.stepText}>Any home for sale or for rent.</p>
          <ul className={styles.sourceLinks} aria-label="Listing sites">
            {LISTING_SOURCES.map((source) => {
              const site = LISTING_SOURCE_SITES[source]
              const pattern = site.listingPages[0]
              return (
                <li key={source}>
                  <NewTabLink href={homePage(pattern)}>{site.name}</NewTabLink>
                </li>
              )
            })}
          </ul>
        </>
      )
    case 'convert':
      return (
        <>
          <p className={styles.stepText}>
            Facebook Marketplace opens with the draft filled in, photos included. You review it and
            press Publish yourself.
          </p>
          {step.done && (
            <div className={styles.stepActions}>
              <Link href="/dashboard/listings">See your listings</Link>
            </div>
          )}
        </>
      )
    case 'lead':
      return (
        <>
          <p className={styles.stepText}>
            On a for-sale-by-owner listing on {leadSiteNames()}, click <strong>Save lead</strong> in
            the extension: the owner&apos;s contact details go to your Leads list.
          </p>
          <div className={styles.stepActions}>
            <Link href="/dashboard/leads">{step.done ? 'See your leads' : 'About leads'}</Link>
          </div>
        </>
      )
  }
}

/** One step: its number (a tick once done), title, done or to do in words, and what to do. */
export function SetupStepItem({
  step,
  number,
  extension,
}: {
  step: SetupStep
  number: number
  extension: ExtensionStatus
}) {
  return (
    <li className={styles.step} data-setup-step={step.key} data-done={step.done}>
      <span className={styles.stepMark} aria-hidden="true">
        {step.done ? <CheckIcon size={16} /> : number}
      </span>
      <div className={styles.stepBody}>
        <div className={styles.stepHeading}>
          <h3 className={styles.stepTitle}>{STEP_TITLES[step.key]}</h3>
          <span className={styles.stepState}>{step.done ? 'Done' : 'To do'}</span>
        </div>
        {stepDetails(step, extension)}
      </div>
    </li>
  )
}
