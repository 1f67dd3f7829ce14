import { DownloadIcon } from '../../../components/icons.tsx'
import { SendIcon } from './lead-icons.tsx'
import { MAX_SELECTED } from './lead-selection.ts'
import styles from './leads.module.css'

export type ExportScope = 'selected' | 'all'

interface LeadBulkActionsProps {
  selectedCount: number
  /** How many leads match the filters: what "Export all" takes. */
  matching: number
  /** The list is loading other filters: `matching` may not be what "Export all" would take. */
  loading: boolean
  exporting: ExportScope | null
  onClearSelection: () => void
  onExport: (scope: ExportScope) => void
  /** `opener` takes focus again when the dialog closes. */
  onSendToCrm: (opener: HTMLElement) => void
}

/** What to do with many leads at once: the selection (from any page) or all that match. */
export function LeadBulkActions({
  selectedCount,
  matching,
  loading,
  exporting,
  onClearSelection,
  onExport,
  onSendToCrm,
}: LeadBulkActionsProps) {
  const full = selectedCount >= MAX_SELECTED
  return (
    <div className={styles.bulkBar}>
      <p className={styles.selection} aria-live="polite">
        {selectedCount ? (
          <>
            <strong>{selectedCount.toLocaleString('en-US')} selected</strong>
            {full && (
              <span className={styles.selectionLimit}>
                (the most at once: {MAX_SELECTED.toLocaleString('en-US')})
              </span>
            )}
            <button type="button" className={styles.linkButton} onClick={onClearSelection}>
              Clear selection
            </button>
          </>
        ) : (
          'Tick leads to export or send only those.'
        )}
      </p>
      <div className={styles.bulkButtons}>
        <button
          type="button"
          className={`button button-secondary ${styles.smallButton}`}
          disabled={selectedCount === 0 || exporting !== null}
          aria-busy={exporting === 'selected'}
          onClick={() => {
            onExport('selected')
          }}
        >
          <DownloadIcon size={16} />
          {exporting === 'selected' ? 'Exporting…' : `Export selected (${selectedCount})`}
        </button>
        <button
          type="button"
          className={`button button-secondary ${styles.smallButton}`}
          disabled={exporting !== null || loading}
          aria-busy={exporting === 'all'}
          onClick={() => {
            onExport('all')
          }}
        >
          <DownloadIcon size={16} />
          {exporting === 'all' ? 'Exporting…' : `Export all (${matching})`}
        </button>
        <button
          type="button"
          className={`button button-primary ${styles.smallButton}`}
          onClick={(event) => {
            onSendToCrm(event.currentTarget)
          }}
        >
          <SendIcon size={16} />
          Send to CRM
        </button>
      </div>
    </div>
  )
}
