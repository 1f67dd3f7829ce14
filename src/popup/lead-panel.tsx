import { LEAD_SOURCE_LABELS, type SaveLeadBody } from '../../api/schemas/leads.ts'
import { FailureNotice } from './failure-notice.tsx'
import { formatLeadCityLine, formatLeadFacts, formatLeadPrice } from './lead-format.ts'
import { LeadsPageLink } from './leads-page-link.tsx'
import type { LeadSaveView } from './use-leads.ts'

function Contact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="lead-contact-row">
      <dt>{label}</dt>
      <dd className={value === null ? 'muted' : undefined}>{value ?? 'Not shown'}</dd>
    </div>
  )
}

function SaveState({ save }: { save: LeadSaveView }) {
  if (save.state === 'failed') return <FailureNotice error={save.error} />
  if (save.state !== 'saved') return null
  return (
    <p className="notice notice-success notice-inline" role="status">
      <span>{save.created ? 'Saved to your leads.' : 'Already saved — updated.'}</span>{' '}
      <LeadsPageLink />
    </p>
  )
}

/** The lead with the home it is for (FSBO sites), and Save lead as the page's main action. */
function FullLead({ lead, save, onSave }: LeadPanelProps) {
  const facts = formatLeadFacts(lead)
  return (
    <section className="lead" aria-label="Owner lead">
      <div className="lead-head">
        <h2 className="section-title">For sale by owner</h2>
        <span className="badge">{LEAD_SOURCE_LABELS[lead.source]}</span>
      </div>
      <div className="lead-listing">
        <p className="preview-price">{formatLeadPrice(lead)}</p>
        <p className="preview-address">
          <span>{lead.address.street ?? 'Address not shown'}</span>
          <span className="muted">{formatLeadCityLine(lead)}</span>
        </p>
        {facts && <p className="preview-facts">{facts}</p>}
      </div>
      <dl className="lead-contact">
        <Contact label="Owner" value={lead.owner_name} />
        <Contact label="Phone" value={lead.phone} />
        <Contact label="Email" value={lead.email} />
      </dl>
      <SaveState save={save} />
      <SaveButton save={save} onSave={onSave} primary />
    </section>
  )
}

/** Only the owner's contact, beside Save lead: the listing preview above shows the home. */
function CompactLead({ lead, save, onSave }: LeadPanelProps) {
  const contact = [lead.phone, lead.email].filter(Boolean).join(' · ')
  return (
    <section className="lead" aria-label="Owner lead">
      <div className="lead-compact">
        <div className="lead-compact-text">
          <p className="small muted">For sale by owner · {LEAD_SOURCE_LABELS[lead.source]}</p>
          <p className="lead-owner">{lead.owner_name ?? 'Owner’s name not shown'}</p>
          <p>{contact || 'No phone or e-mail shown'}</p>
        </div>
        <SaveButton save={save} onSave={onSave} primary={false} />
      </div>
      <SaveState save={save} />
    </section>
  )
}

function SaveButton({
  save,
  onSave,
  primary,
}: Pick<LeadPanelProps, 'save' | 'onSave'> & { primary: boolean }) {
  const saving = save.state === 'saving'
  return (
    <button
      type="button"
      className={primary ? 'button button-primary button-large' : 'button'}
      disabled={saving}
      onClick={onSave}
    >
      {saving ? 'Saving…' : 'Save lead'}
    </button>
  )
}

interface LeadPanelProps {
  lead: SaveLeadBody
  save: LeadSaveView
  onSave: () => void
}

/**
 * The owner's lead read off this page, and Save lead. `withListing` shows the home too (FSBO
 * sites); on Zillow the listing preview above already does, and converting stays the main action.
 */
export function LeadPanel({ withListing, ...props }: LeadPanelProps & { withListing: boolean }) {
  return withListing ? <FullLead {...props} /> : <CompactLead {...props} />
}
