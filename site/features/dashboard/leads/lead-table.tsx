import { useEffect, useId, useRef } from 'react'
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../../../api/schemas/leads.ts'
import { ExternalLinkIcon } from '../../../components/icons.tsx'
import { formatDate } from '../format.ts'
import {
  formatAddress,
  formatBedsBaths,
  formatPhone,
  formatPrice,
  leadName,
  SOURCE_LABELS,
  STATUS_LABELS,
} from './lead-format.ts'
import { NoteIcon, PhoneOffIcon } from './lead-icons.tsx'
import styles from './leads.module.css'

const COLUMNS = ['Owner', 'Contact', 'Property', 'Status', 'Actions'] as const

interface LeadTableProps {
  leads: readonly Lead[]
  selected: ReadonlySet<string>
  /** Leads whose status is being saved: their controls wait. */
  saving: ReadonlySet<string>
  onSelect: (id: string, selected: boolean) => void
  onSelectPage: (selected: boolean) => void
  onStatus: (lead: Lead, status: LeadStatus) => void
  onNotes: (lead: Lead) => void
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
  onSelect: (id: string, selected: boolean) => void
  onStatus: (lead: Lead, status: LeadStatus) => void
  onNotes: (lead: Lead) => void
}

function LeadRow({ lead, selected, saving, onSelect, onStatus, onNotes }: LeadRowProps) {
  const statusId = useId()
  const name = leadName(lead)
  const doNotCall = lead.status === 'do_not_call'
  const address = formatAddress(lead.address)
  return (
    <tr data-lead={lead._id} data-status={lead.status} data-selected={selected}>
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
        <span className={styles.saved}>
          Saved {formatDate(lead.created_at)} from {SOURCE_LABELS[lead.source]}
        </span>
        {lead.notes && <span className={styles.notePreview}>{lead.notes}</span>}
      </td>
      <td data-label="Contact">
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
      <td data-label="Status">
        <label htmlFor={statusId} className="sr-only">
          Status of {name}
        </label>
        <select
          id={statusId}
          className={styles.statusSelect}
          data-tone={lead.status}
          value={lead.status}
          disabled={saving}
          onChange={(event) => {
            const next = LEAD_STATUSES.find((s) => s === event.target.value)
            if (next) onStatus(lead, next)
          }}
        >
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </td>
      <td className={styles.actions}>
        {!doNotCall && (
          <button
            type="button"
            className={styles.dncButton}
            disabled={saving}
            onClick={() => {
              onStatus(lead, 'do_not_call')
            }}
          >
            <PhoneOffIcon size={14} />
            Mark do-not-call
            <span className="sr-only"> for {name}</span>
          </button>
        )}
        <button
          type="button"
          className={styles.noteButton}
          onClick={() => {
            onNotes(lead)
          }}
        >
          <NoteIcon size={14} />
          {lead.notes ? 'Edit notes' : 'Add notes'}
          <span className="sr-only"> for {name}</span>
        </button>
      </td>
    </tr>
  )
}
