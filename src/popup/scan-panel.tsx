import { brand } from '../../api/brand.ts'
import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { SCAN_CAP } from '../fsbo/scan-limits.ts'
import { isScanRunning } from '../fsbo/scan-state.ts'
import type { ScanState } from '../messages.ts'
import { FailureNotice } from './failure-notice.tsx'
import { LeadsPageLink } from './leads-page-link.tsx'
import type { ScanStartError } from './use-leads.ts'

type ResultsPage = Extract<FsboPage, { kind: 'results' }>

function listings(n: number): string {
  return `${n} listing${n === 1 ? '' : 's'}`
}

function foundText(found: number): string {
  if (found === 0) return 'No listings found on this page.'
  if (found <= SCAN_CAP) return `Found ${listings(found)} on this page.`
  return `Found ${listings(found)} on this page; a scan visits the first ${SCAN_CAP}.`
}

/** New, already saved (updated) and failed, as three figures. */
function ScanCounts({ scan }: { scan: ScanState }) {
  const counts = [
    { key: 'saved', label: 'New leads', value: scan.saved },
    { key: 'duplicates', label: 'Already saved', value: scan.duplicates },
    { key: 'failed', label: 'Failed', value: scan.failed },
  ]
  return (
    <dl className="scan-counts">
      {counts.map(({ key, label, value }) => (
        <div key={key} className="scan-count" data-count={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Progress of the running scan, which the user may cancel (the visit under way finishes). */
export function ScanProgress({ scan, onCancel }: { scan: ScanState; onCancel: () => void }) {
  const cancelling = scan.phase === 'cancelling'
  const title = cancelling
    ? 'Stopping the scan…'
    : `Scanning listing ${Math.min(scan.visited + 1, scan.total)} of ${scan.total}`
  return (
    <section className="scan" aria-label="Scan progress">
      <div className="progress" role="status" aria-live="polite">
        <p className="section-title">{title}</p>
        <progress max={scan.total} value={scan.visited} aria-label={title} />
      </div>
      <ScanCounts scan={scan} />
      <p className="muted small">
        You can close this popup: the scan goes on in a background tab, a few seconds between
        listings.
      </p>
      <button type="button" className="button" disabled={cancelling} onClick={onCancel}>
        {cancelling ? 'Stopping after this listing…' : 'Cancel scan'}
      </button>
    </section>
  )
}

function Ending({ scan }: { scan: ScanState }) {
  const visited = `${scan.visited} of ${listings(scan.total)}`
  if (scan.phase === 'done') {
    return (
      <p className="notice notice-success" role="status">
        Scan finished: visited {visited}.
      </p>
    )
  }
  if (scan.phase === 'cancelled') {
    return (
      <p className="notice notice-info" role="status" data-kind="cancelled">
        Scan cancelled after {visited}. The leads saved so far are kept.
      </p>
    )
  }
  const stop = scan.stop ?? { kind: 'failed', message: 'The scan stopped.' }
  return (
    <div className="stack-tight">
      <FailureNotice error={stop} />
      <p className="small muted">Stopped after {visited}. The leads saved so far are kept.</p>
    </div>
  )
}

/** How the last scan of this page ended, what it saved, and where the leads are. */
export function ScanSummary({ scan, onScanAgain }: { scan: ScanState; onScanAgain?: () => void }) {
  return (
    <section className="scan" aria-label="Scan result">
      <Ending scan={scan} />
      <ScanCounts scan={scan} />
      {scan.found > scan.total && (
        <p className="muted small">
          This page lists {scan.found}; a scan visits the first {scan.total}.
        </p>
      )}
      <div className="row-between row-center">
        <LeadsPageLink />
        {onScanAgain && (
          <button type="button" className="button" onClick={onScanAgain}>
            Scan again
          </button>
        )}
      </div>
    </section>
  )
}

/**
 * A search-results page: how many listings it links to and Scan this page, or this page's scan
 * (progress, or how it ended). A scan running for another page blocks a new one.
 */
export function ScanPanel({
  page,
  scan,
  busy,
  starting,
  error,
  onStart,
  onCancel,
}: {
  page: ResultsPage
  /** This page's scan, running or ended, if any. */
  scan: ScanState | null
  busy: boolean
  starting: boolean
  error: ScanStartError | null
  onStart: () => void
  onCancel: () => void
}) {
  if (scan && isScanRunning(scan)) return <ScanProgress scan={scan} onCancel={onCancel} />
  if (scan) {
    return (
      <div className="stack">
        {error && <FailureNotice error={error} />}
        <ScanSummary scan={scan} onScanAgain={busy || starting ? undefined : onStart} />
      </div>
    )
  }
  const found = page.links.length
  return (
    <section className="scan" aria-label="Scan this page">
      <h1 className="section-title">Save the owners on this page</h1>
      <p>{foundText(found)}</p>
      {found > 0 && (
        <p className="muted small">
          {brand.name} opens them one at a time in a background tab, a few seconds apart, and saves
          each owner as a lead. You can close this popup while it works.
        </p>
      )}
      {error && <FailureNotice error={error} />}
      {busy ? (
        <p className="notice notice-info">A scan is already running; wait for it to finish.</p>
      ) : (
        found > 0 && (
          <button
            type="button"
            className="button button-primary button-large"
            disabled={starting}
            onClick={onStart}
          >
            {starting ? 'Starting…' : 'Scan this page'}
          </button>
        )
      )}
    </section>
  )
}
