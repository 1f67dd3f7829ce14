import { brand } from '../../api/brand.ts'
import { listingSourceNames } from '../../api/listing-sources.ts'
import { notAdvertisableReason } from '../../api/schemas/listing.ts'
import logo from '../assets/icons/icon-32.png'
import { siteLink } from '../config.ts'
import { isScanRunning } from '../fsbo/scan-state.ts'
import type { ScanState } from '../messages.ts'
import { ConvertPanel } from './convert-panel.tsx'
import { LeadPanel } from './lead-panel.tsx'
import { LeadProblem } from './lead-problem.tsx'
import { ListingPreview } from './listing-preview.tsx'
import { ListingProblem } from './listing-problem.tsx'
import { LoginForm } from './login-form.tsx'
import { ScanPanel, ScanProgress } from './scan-panel.tsx'
import { useLeads, type LeadsModel } from './use-leads.ts'
import { usePopup, type PopupModel } from './use-popup.ts'

function Header({ model }: { model: PopupModel }) {
  const { session } = model
  return (
    <header className="header">
      <img className="logo" src={logo} alt="" width={24} height={24} />
      <span className="brand">{brand.name}</span>
      {session.state === 'logged-in' && (
        <button type="button" className="link-button" onClick={() => void model.logout()}>
          Log out
        </button>
      )}
    </header>
  )
}

/** The scan of the results page the popup is over, running or ended; null on any other page. */
function scanOfThisPage(model: PopupModel, leads: LeadsModel): ScanState | null {
  const { scan, page } = leads
  if (!scan || page.state !== 'done' || page.page.kind !== 'results') return null
  const samePage = scan.sourceTabId === model.tab?.id && scan.sourceUrl === page.page.pageUrl
  return samePage ? scan : null
}

/**
 * What this tab offers: a listing to convert (and, when a Zillow home's owner sells it, the
 * owner's lead), an FSBO site's listing to save as a lead, or an FSBO search-results page to scan.
 */
function PageContent({ model, leads }: { model: PopupModel; leads: LeadsModel }) {
  const { listing } = model
  if (listing.state !== 'done' || leads.page.state !== 'done') return null
  const { lookup } = listing
  const page = leads.page.page
  const lead = page.kind === 'listing' ? page.extraction : null
  const saveLead = () => void leads.saveLead()

  if (lookup.ok) {
    // A sold or off-market home has nothing to advertise: said here, so nothing is sent or counted.
    const refusal = notAdvertisableReason(lookup.listing)
    if (refusal !== null) {
      return (
        <>
          <ListingPreview listing={lookup.listing} />
          <section className="notice notice-warning" role="status" data-reason="not-advertisable">
            <h1 className="notice-title">Not for sale or rent</h1>
            <p>{refusal}</p>
          </section>
          {/* An owner who took the home off the market may still be worth a call. */}
          {lead?.ok && (
            <LeadPanel lead={lead.lead} save={leads.save} onSave={saveLead} withListing={false} />
          )}
        </>
      )
    }
    return (
      <>
        {/* A lower photo: whose listing it is and Convert must fit in the popup's 600 px. */}
        <ListingPreview listing={lookup.listing} shortPhoto />
        <ConvertPanel model={model} listing={lookup.listing} />
        {lead?.ok && (
          <LeadPanel lead={lead.lead} save={leads.save} onSave={saveLead} withListing={false} />
        )}
      </>
    )
  }
  // A listing page with a problem (bot check, stale data) says so.
  if (lookup.reason !== 'not-a-listing') {
    return <ListingProblem reason={lookup.reason} message={lookup.message} />
  }
  // `not-fsbo` is Zillow's answer for an agent's listing: nothing to say beyond the conversion.
  if (lead && (lead.ok || lead.reason !== 'not-fsbo')) {
    return lead.ok ? (
      <LeadPanel lead={lead.lead} save={leads.save} onSave={saveLead} withListing />
    ) : (
      <LeadProblem reason={lead.reason} message={lead.message} />
    )
  }
  if (page.kind === 'blocked') {
    return <LeadProblem reason="bot-check" message={page.message} />
  }
  if (page.kind === 'results') {
    const ownScan = scanOfThisPage(model, leads)
    return (
      <ScanPanel
        page={page}
        scan={ownScan}
        busy={isScanRunning(leads.scan) && ownScan === null}
        starting={leads.starting}
        error={leads.scanError}
        onStart={() => void leads.startScan()}
        onCancel={() => void leads.cancelScan()}
      />
    )
  }
  return (
    <>
      <ListingProblem reason={lookup.reason} message={lookup.message} />
      <p className="muted small">
        On FSBO.com or ForSaleByOwner.com, open a listing to save its owner as a lead, or a search
        results page to scan it.
      </p>
    </>
  )
}

function LoggedIn({ model, leads }: { model: PopupModel; leads: LeadsModel }) {
  const { listing, session } = model
  const reading =
    listing.state === 'loading' || (listing.state === 'done' && leads.page.state === 'loading')
  // A scan runs on whatever tab the popup opens over; its own results page shows it in place.
  const scanElsewhere = isScanRunning(leads.scan) && scanOfThisPage(model, leads) === null
  return (
    <>
      {session.state === 'logged-in' && session.email && (
        <p className="muted small">Signed in as {session.email}</p>
      )}
      {scanElsewhere && leads.scan && (
        <ScanProgress scan={leads.scan} onCancel={() => void leads.cancelScan()} />
      )}
      {reading && (
        <p className="status" role="status">
          Reading the page…
        </p>
      )}
      {listing.state === 'no-tab' && (
        <p className="notice notice-info">
          Open a listing on {listingSourceNames()} in this window, then try again.
        </p>
      )}
      <PageContent model={model} leads={leads} />
      <footer className="footer">
        <a href={siteLink('/dashboard')} target="_blank" rel="noreferrer">
          Open your dashboard
        </a>
      </footer>
    </>
  )
}

export function App() {
  const model = usePopup()
  // Here, not in LoggedIn: the lead outlives a session that expires and a login again.
  const leads = useLeads(model)
  return (
    <div className="popup">
      <Header model={model} />
      <main className="content">
        {model.session.state === 'loading' && (
          <p className="status" role="status">
            Loading…
          </p>
        )}
        {model.session.state === 'logged-out' && (
          <LoginForm notice={model.session.notice} onLogin={model.login} />
        )}
        {model.session.state === 'logged-in' && <LoggedIn model={model} leads={leads} />}
      </main>
    </div>
  )
}
