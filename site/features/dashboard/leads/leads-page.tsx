import { useCallback, useRef, useState } from 'react'
import { LEAD_STATUS_LABELS, type Lead, type LeadStatus } from '../../../../api/schemas/leads.ts'
import { toast } from '../../../lib/toast.tsx'
import { exportLeadsCsv } from './api/export-leads-csv.ts'
import { updateLead } from './api/update-lead.ts'
import { ErrorPanel, Spinner } from '../status-views.tsx'
import { PagedTable } from '../components/paged-table.tsx'
import { useSearchAfterPause } from '../components/use-search-after-pause.ts'
import { CrmSettingsDialog } from './crm-settings-dialog.tsx'
import { DncNotice } from './dnc-notice.tsx'
import { LeadBulkActions, type ExportScope } from './lead-bulk-actions.tsx'
import { NoLeadsMatch, NoLeadsYet } from './lead-empty-states.tsx'
import { leadSaveErrorMessage } from './lead-errors.ts'
import { filterQuery, hasFilters, NO_FILTERS, type LeadFilters } from './lead-filters.ts'
import { LeadFiltersBar } from './lead-filters-bar.tsx'
import { leadCount, leadName } from './lead-format.ts'
import { SettingsIcon } from './lead-icons.tsx'
import { SELECTION_LIMIT_MESSAGE, withSelected } from './lead-selection.ts'
import { LeadTable } from './lead-table.tsx'
import { LeaveDoNotCallDialog, type LeaveDoNotCall } from './leave-dnc-dialog.tsx'
import { NotesDialog } from './notes-dialog.tsx'
import { csvFileName, saveCsvFile } from './save-csv-file.ts'
import { SendToCrmDialog } from './send-to-crm-dialog.tsx'
import { useCrmSettings } from './use-crm-settings.ts'
import { useDialogOpener } from './use-dialog-opener.ts'
import { useLeadList } from './use-lead-list.ts'
import section from '../layout/panel.module.css'
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
  const [leaving, setLeaving] = useState<LeaveDoNotCall | null>(null)
  const [focusStatusOf, setFocusStatusOf] = useState<string | null>(null)
  const statusFocused = useCallback(() => {
    setFocusStatusOf(null)
  }, [])
  // Each dialog gives focus back to what opened it (dialog openers are not Radix triggers here).
  const notesOpener = useDialogOpener()
  const settingsOpener = useDialogOpener()
  const sendOpener = useDialogOpener()
  const leavingOpener = useDialogOpener()
  // Send to CRM → Open CRM settings: the settings dialog takes focus, not the Send button.
  const toSettings = useRef(false)

  useSearchAfterPause(text, filters.q, (q) => {
    setFilters((f) => ({ ...f, q }))
    setPage(1)
  })

  function changeFilters(next: LeadFilters) {
    setFilters(next)
    setPage(1)
  }

  function clearFilters() {
    setText('')
    changeFilters(NO_FILTERS)
  }

  async function saveStatus(lead: Lead, status: LeadStatus) {
    if (status === lead.status) return
    setSaving((s) => withId(s, lead._id, true))
    try {
      const saved = await updateLead({ lead_id: lead._id, status })
      list.replaceLead(saved)
      // The "Mark do-not-call" button that was pressed is gone: its row's status menu takes focus.
      if (status === 'do_not_call') setFocusStatusOf(saved._id)
      toast.success(
        status === 'do_not_call'
          ? `${leadName(saved)} marked do-not-call.`
          : `${leadName(saved)} marked ${LEAD_STATUS_LABELS[status].toLowerCase()}.`,
      )
    } catch (error) {
      const message = leadSaveErrorMessage(error)
      if (message) toast.error(message)
    }
    setSaving((s) => withId(s, lead._id, false))
  }

  /** Leaving do-not-call is confirmed first; everything else saves at once. */
  function changeStatus(lead: Lead, status: LeadStatus, control: HTMLElement) {
    if (lead.status === 'do_not_call' && status !== 'do_not_call') {
      leavingOpener.remember(control)
      setLeaving({ lead, status })
      return
    }
    void saveStatus(lead, status)
  }

  function select(ids: readonly string[], on: boolean) {
    const { next, refused } = withSelected(selected, ids, on)
    if (refused) toast.error(SELECTION_LIMIT_MESSAGE)
    else setSelected(next)
  }

  async function exportCsv(scope: ExportScope, matching: number) {
    setExporting(scope)
    try {
      const csv = await exportLeadsCsv(
        scope === 'selected' ? { ids: [...selected] } : filterQuery(filters),
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
    body = (
      <>
        <LeadBulkActions
          selectedCount={selected.size}
          matching={data.total}
          loading={list.loading}
          exporting={exporting}
          onClearSelection={() => {
            setSelected(new Set())
          }}
          onExport={(scope) => void exportCsv(scope, data.total)}
          onSendToCrm={(opener) => {
            sendOpener.remember(opener)
            setSendOpen(true)
          }}
        />
        <PagedTable data={data} busy={list.loading} onPage={setPage} label="Lead pages">
          <LeadTable
            leads={data.items}
            selected={selected}
            saving={saving}
            focusStatusOf={focusStatusOf}
            onStatusFocused={statusFocused}
            onSelect={(id, on) => {
              select([id], on)
            }}
            onSelectPage={(on) => {
              select(
                data.items.map((lead) => lead._id),
                on,
              )
            }}
            onStatus={changeStatus}
            onNotes={(lead, opener) => {
              notesOpener.remember(opener)
              setNotesFor(lead)
            }}
          />
        </PagedTable>
      </>
    )
  }

  // With no leads at all there is nothing to search: the explanation stands alone.
  const showFilters = filtered || text !== '' || (data !== null && data.total > 0)

  return (
    <div className={styles.page}>
      <DncNotice />
      <section className={section.panel} aria-labelledby="leads-title" aria-busy={list.loading}>
        <div className={section.toolbar}>
          <div>
            <h2 id="leads-title" className={section.title}>
              FSBO leads
            </h2>
            <p className={section.subtitle}>
              Owners selling without an agent, saved with the extension. Newest first.
            </p>
          </div>
          <button
            type="button"
            className={`button button-secondary ${styles.smallButton}`}
            onClick={(event) => {
              settingsOpener.remember(event.currentTarget)
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
          onCloseAutoFocus={notesOpener.onCloseAutoFocus}
        />
      )}
      <SendToCrmDialog
        open={sendOpen}
        onOpenChange={setSendOpen}
        selectedIds={[...selected]}
        crm={crm}
        onOpenSettings={() => {
          // Closing the settings gives focus back to what opened Send to CRM.
          settingsOpener.remember(sendOpener.current())
          toSettings.current = true
          setSendOpen(false)
          setSettingsOpen(true)
        }}
        onCloseAutoFocus={(event) => {
          if (toSettings.current) {
            toSettings.current = false
            event.preventDefault()
            return
          }
          sendOpener.onCloseAutoFocus(event)
        }}
      />
      <CrmSettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        crm={crm}
        onCloseAutoFocus={settingsOpener.onCloseAutoFocus}
      />
      <LeaveDoNotCallDialog
        request={leaving}
        onCancel={() => {
          setLeaving(null)
        }}
        onConfirm={(request) => {
          setLeaving(null)
          void saveStatus(request.lead, request.status)
        }}
        onCloseAutoFocus={leavingOpener.onCloseAutoFocus}
      />
    </div>
  )
}
