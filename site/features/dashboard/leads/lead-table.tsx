import { useEffect, useId, useRef } from 'react'
import {
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type Lead,
  type LeadStatus,
} from '../../../../api/schemas/leads.ts'
import { ExternalLinkIcon } from '../../../components/icons.tsx'
import { formatDate } from '../format.ts'
import {
  formatAddress,
  formatBedsBaths,
  formatPhone,
  formatPrice,
  leadName,
} from './lead-format.ts'
import { NoteIcon, PhoneOffIcon } from './lead-icons.tsx'
import styles from './leads.module.css'

// The owner's phone and e-mail sit under their name, and Mark do-not-call under the status: three
// columns of content fit beside the sidebar from 1024 px.
const COLUMNS = ['Owner', 'Property', 'Status'] as const

interface LeadTableProps {
  leads: readonly Lead[]
  selected: ReadonlySet<string>
  /** Leads whose status is being saved: their controls ignore input meanwhile. */
  saving: ReadonlySet<string>
  /** The lead whose status menu takes focus next (its "Mark do-not-call" button is gone). */
  focusStatusOf: string | null
  onStatusFocused: () => void
  onSelect: (id: string, selected: boolean) => void
  onSelectPage: (selected: boolean) => void
  /** A status chosen with `control` (the menu, or the do-not-call button). */
  onStatus: (lead: Lead, status: LeadStatus, control: HTMLElement) => void
  onNotes: (lead: Lead, opener: HTMLElement) => void
}

/**
 * What a row's status menu offers. Do-not-call is not among them but through its own button: a
 * menu saves on change, and on Windows every arrow key is a change. A do-not-call lead's menu
 * shows it and offers the way back (which the page confirms first).
 */
export function statusOptions(status: LeadStatus): LeadStatus[] {
  return LEAD_STATUSES.filter((s) => s !== 'do_not_call' || status === 'do_not_call')
}

/**
 * The leads of one page. Below 768 px each row is a card whose cells carry their column name
 * (data-label), as the transactions table does. Do-not-call rows are tinted and flagged, and
 * their phone is not a tap-to-call link.
 */
export function LeadTable({
  leads,
  selected,
  saving,
  focusStatusOf,
  onStatusFocused,
  onSelect,
  onSelectPage,
  onStatus,
  onNotes,
}: LeadTableProps) {
  const selectedHere = leads.filter((l) => selected.has(l._id)).length
  return (
    <table className={styles.table}>
      <caption className="sr-only">Your leads</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.selectCell}>
            <PageCheckbox
              checked={selectedHere > 0 && selectedHere === leads.length}
              mixed={selectedHere > 0 && selectedHere < leads.length}
              onChange={onSelectPage}
            />
          </th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <LeadRow
            key={lead._id}
            lead={lead}
            selected={selected.has(lead._id)}
            saving={saving.has(lead._id)}
            focusStatus={focusStatusOf === lead._id}
            onStatusFocused={onStatusFocused}
            onSelect={onSelect}
            onStatus={onStatus}
            onNotes={onNotes}
          />
        ))}
      </tbody>
    </table>
  )
}

/** Select all on this page; "mixed" when only some are (a native checkbox's indeterminate). */
function PageCheckbox({
  checked,
  mixed,
  onChange,
}: {
  checked: boolean
  mixed: boolean
  onChange: (selected: boolean) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed
  }, [mixed])
  return (
    <input
      ref={ref}
      type="checkbox"
      className={styles.checkbox}
      aria-label="Select all leads on this page"
      checked={checked}
      onChange={(event) => {
        onChange(event.target.checked)
      }}
    />
  )
}

interface LeadRowProps {
  lead: Lead
  selected: boolean
  saving: boolean
  focusStatus: boolean
  onStatusFocused: () => void
  onSelect: (id: string, selected: boolean) => void
  onStatus: (lead: Lead, status: LeadStatus, control: HTMLElement) => void
  onNotes: (lead: Lead, opener: HTMLElement) => void
}

function LeadRow({
  lead,
  selected,
  saving,
  focusStatus,
  onStatusFocused,
  onSelect,
  onStatus,
  onNotes,
}: LeadRowProps) {
  const statusId = useId()
  const rowRef = useRef<HTMLTableRowElement>(null)
  const statusRef = useRef<HTMLSelectElement>(null)
  const name = leadName(lead)
  const doNotCall = lead.status === 'do_not_call'
  const address = formatAddress(lead.address)

  // The do-not-call button that had focus is gone: focus goes to the row's status menu, unless
  // the user has moved on to something else meanwhile.
  useEffect(() => {
    if (!focusStatus) return
    const active = document.activeElement
    if (!active || active === document.body || rowRef.current?.contains(active)) {
      statusRef.current?.focus()
    }
    onStatusFocused()
  }, [focusStatus, onStatusFocused])

  return (
    <tr ref={rowRef} data-lead={lead._id} data-status={lead.status} data-selected={selected}>
      <td className={styles.selectCell}>
        <input
          type="checkbox"
          className={styles.checkbox}
          aria-label={`Select ${name}`}
          checked={selected}
          onChange={(event) => {
            onSelect(lead._id, event.target.checked)
          }}
        />
      </td>
      <td data-label="Owner" className={styles.owner}>
        <span className={styles.ownerName}>{lead.owner_name ?? 'Owner not shown'}</span>
        {doNotCall && (
          <span className={styles.dncFlag}>
            <PhoneOffIcon size={14} />
            Do not call
          </span>
        )}
        {lead.phone === null ? (
          <span className={styles.none}>No phone</span>
        ) : doNotCall ? (
          <span className={styles.dncPhone} title="Do not call this number">
            {formatPhone(lead.phone)}
          </span>
        ) : (
          <a href={`tel:${lead.phone}`} className={styles.phone}>
            {formatPhone(lead.phone)}
          </a>
        )}
        {lead.email === null ? (
          <span className={styles.none}>No e-mail</span>
        ) : (
          <a href={`mailto:${lead.email}`} className={styles.email} title={lead.email}>
            {lead.email}
          </a>
        )}
        <span className={styles.saved}>
          Saved {formatDate(lead.created_at)} from {LEAD_SOURCE_LABELS[lead.source]}
        </span>
        {lead.notes && <span className={styles.notePreview}>{lead.notes}</span>}
        <button
          type="button"
          className={styles.noteButton}
          onClick={(event) => {
            onNotes(lead, event.currentTarget)
          }}
        >
          <NoteIcon size={14} />
          {lead.notes ? 'Edit notes' : 'Add notes'}
          <span className="sr-only"> for {name}</span>
        </button>
      </td>
      <td data-label="Property" className={styles.property}>
        <span>{address}</span>
        <span className={styles.facts}>
          <span className={styles.price}>{formatPrice(lead.price)}</span>
          {' · '}
          {formatBedsBaths(lead.beds, lead.baths)}
        </span>
        <span>
          <a
            href={lead.listing_url}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.listingLink}
          >
            View listing
            <ExternalLinkIcon size={14} />
            <span className="sr-only">
              {' '}
              for {address === '—' ? name : address} (opens in a new tab)
            </span>
          </a>
        </span>
      </td>
      <td data-label="Status" className={styles.status}>
        <label htmlFor={statusId} className="sr-only">
          Status of {name}
        </label>
        {/* aria-disabled while saving, not disabled, so it keeps focus; input is ignored. */}
        <select
          ref={statusRef}
          id={statusId}
          className={styles.statusSelect}
          data-tone={lead.status}
          value={lead.status}
          aria-disabled={saving || undefined}
          onChange={(event) => {
            if (saving) return
            const next = LEAD_STATUSES.find((s) => s === event.target.value)
            if (next) onStatus(lead, next, event.currentTarget)
          }}
        >
          {statusOptions(lead.status).map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {!doNotCall && (
          <button
            type="button"
            className={styles.dncButton}
            aria-disabled={saving || undefined}
            onClick={(event) => {
              if (!saving) onStatus(lead, 'do_not_call', event.currentTarget)
            }}
          >
            <PhoneOffIcon size={14} />
            Mark do-not-call
            <span className="sr-only"> for {name}</span>
          </button>
        )}
      </td>
    </tr>
  )
}
