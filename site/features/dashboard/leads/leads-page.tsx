import { useEffect, useState } from 'react'
import type { Lead, LeadStatus } from '../../../../api/schemas/leads.ts'
import { toast } from '../../../lib/toast.tsx'
import { exportLeadsCsv } from './api/export-leads-csv.ts'
import { updateLead } from './api/update-lead.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { Pagination } from '../transactions/pagination.tsx'
import { CrmSettingsDialog } from './crm-settings-dialog.tsx'
import { DncNotice } from './dnc-notice.tsx'
import { LeadBulkActions, type ExportScope } from './lead-bulk-actions.tsx'
import { NoLeadsMatch, NoLeadsYet } from './lead-empty-states.tsx'
import { leadSaveErrorMessage } from './lead-errors.ts'
import {
  filterQuery,
  hasFilters,
  NO_FILTERS,
  pageRange,
  SEARCH_DEBOUNCE_MS,
  type LeadFilters,
} from './lead-filters.ts'
import { LeadFiltersBar } from './lead-filters-bar.tsx'
import { leadCount, leadName, STATUS_LABELS } from './lead-format.ts'
import { SettingsIcon } from './lead-icons.tsx'
import { LeadTable } from './lead-table.tsx'
import { NotesDialog } from './notes-dialog.tsx'
import { csvFileName, saveCsvFile } from './save-csv-file.ts'
import { SendToCrmDialog } from './send-to-crm-dialog.tsx'
import { useCrmSettings } from './use-crm-settings.ts'
import { useLeadList } from './use-lead-list.ts'
import styles from './leads.module.css'

function withId(set: ReadonlySet<string>, id: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set)
  if (present) next.add(id)
  else next.delete(id)
  return next
}

/**
 * Issue 7 /dashboard/leads: the FSBO leads the extension saved, searched, filtered and paged by
 * the server; selected for CSV export or Send to CRM; each with its status and notes.
 */
export default function LeadsPage() {
  const [text, setText] = useState('')
  const [filters, setFilters] = useState<LeadFilters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const list = useLeadList(filters, page, setPage)
  const crm = useCrmSettings()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set())
  const [exporting, setExporting] = useState<ExportScope | null>(null)
  const [notesFor, setNotesFor] = useState<Lead | null>(null)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [sendOpen, setSendOpen] = useState(false)

  // The server searches once typing pauses, from the first page.
  useEffect(() => {
    const q = text.trim()
    if (q === filters.q) return
    const timer = setTimeout(() => {
      setFilters((f) => ({ ...f, q }))
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [text, filters.q])

  function changeFilters(next: LeadFilters) {
    setFilters(next)
    setPage(1)
  }

  function clearFilters() {
    setText('')
    changeFilters(NO_FILTERS)
  }

  async function changeStatus(lead: Lead, status: LeadStatus) {
    if (status === lead.status) return
    setSaving((s) => withId(s, lead._id, true))
    try {
      const saved = await updateLead({ lead_id: lead._id, status })
      list.replaceLead(saved)
      toast.success(
        status === 'do_not_call'
          ? `${leadName(saved)} marked do-not-call.`
          : `${leadName(saved)} marked ${STATUS_LABELS[status].toLowerCase()}.`,
      )
    } catch (error) {
      const message = leadSaveErrorMessage(error)
      if (message) toast.error(message)
    }
    setSaving((s) => withId(s, lead._id, false))
  }

  async function exportCsv(scope: ExportScope, matching: number) {
    setExporting(scope)
    try {
      const csv = await exportLeadsCsv(
        scope === 'selected' ? { ids: [...selected].join(',') } : filterQuery(filters),
      )
      const fileName = csvFileName()
      saveCsvFile(fileName, csv)
      const count = scope === 'selected' ? selected.size : matching
      toast.success(`${leadCount(count)} exported to ${fileName}.`)
    } catch (error) {
      const message = leadSaveErrorMessage(error)
      if (message) toast.error(message)
    }
    setExporting(null)
  }

  const data = list.data
  const filtered = hasFilters(filters)
  let body
  if (list.error) {
    body =
      list.error.message === null ? null : (
        <ErrorPanel
          title="Your leads could not be loaded"
          message={list.error.message}
          onRetry={list.retry}
        />
      )
  } else if (data === null) {
    body = <Spinner label="Loading your leads…" />
  } else if (data.total === 0) {
    body = filtered ? <NoLeadsMatch onClear={clearFilters} /> : <NoLeadsYet />
  } else {
    const range = pageRange(data.page, data.items.length, data.total)
    body = (
      <>
        <LeadBulkActions
          selectedCount={selected.size}
          matching={data.total}
          exporting={exporting}
          onClearSelection={() => {
            setSelected(new Set())
          }}
          onExport={(scope) => void exportCsv(scope, data.total)}
          onSendToCrm={() => {
            setSendOpen(true)
          }}
        />
        <div className={styles.tableWrap} aria-busy={list.loading}>
          <LeadTable
            leads={data.items}
            selected={selected}
            saving={saving}
            onSelect={(id, on) => {
              setSelected((s) => withId(s, id, on))
            }}
            onSelectPage={(on) => {
              setSelected((s) => {
                const next = new Set(s)
                for (const lead of data.items) {
                  if (on) next.add(lead._id)
                  else next.delete(lead._id)
                }
                return next
              })
            }}
            onStatus={(lead, status) => void changeStatus(lead, status)}
            onNotes={setNotesFor}
          />
        </div>
        <div className={styles.footer}>
          <p className={styles.range} role="status">
            Showing {range.first}–{range.last} of {data.total}
          </p>
          {range.pageCount > 1 && (
            <Pagination
              page={data.page}
              pageCount={range.pageCount}
              onPage={setPage}
              label="Lead pages"
            />
          )}
        </div>
      </>
    )
  }

  // With no leads at all there is nothing to search: the explanation stands alone.
  const showFilters = filtered || text !== '' || (data !== null && data.total > 0)

  return (
    <div className={styles.page}>
      <DncNotice />
      <section className={styles.panel} aria-labelledby="leads-title" aria-busy={list.loading}>
        <div className={styles.toolbar}>
          <div>
            <h2 id="leads-title" className={styles.title}>
              FSBO leads
            </h2>
            <p className={styles.subtitle}>
              Owners selling without an agent, saved with the extension. Newest first.
            </p>
          </div>
          <button
            type="button"
            className={`button button-secondary ${styles.smallButton}`}
            onClick={() => {
              setSettingsOpen(true)
            }}
          >
            <SettingsIcon size={16} />
            CRM settings
          </button>
        </div>
        {showFilters && (
          <LeadFiltersBar
            text={text}
            onText={setText}
            filters={filters}
            onFilters={changeFilters}
          />
        )}
        {body}
      </section>
      {notesFor && (
        <NotesDialog
          key={notesFor._id}
          lead={notesFor}
          onClose={() => {
            setNotesFor(null)
          }}
          onSaved={list.replaceLead}
        />
      )}
      <SendToCrmDialog
        open={sendOpen}
        onOpenChange={setSendOpen}
        selectedIds={[...selected]}
        crm={crm}
        onOpenSettings={() => {
          setSendOpen(false)
          setSettingsOpen(true)
        }}
      />
      <CrmSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} crm={crm} />
    </div>
  )
}
