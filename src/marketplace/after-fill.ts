import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import type { FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'
import type { FillOptions, FillReport, FillRequest } from './fill-marketplace.ts'
import { buildFillReport, pageLanguage } from './fill-report.ts'
import { showFillReport, type ReportPanel } from './report-panel.ts'
import { createTeacher, type Teacher } from './teach.ts'

export interface AfterFillOptions {
  /** The fill's request (the draft "Show me" fills with). */
  request: FillRequest
  /** From the fill's start to its end. */
  durationMs: number
  /** Posts a report (`fill:report`): the fill's at once, then one per field the agent shows. */
  send: (report: FillReportBody) => void
  /** Keeps a taught label (`teach:save`). */
  save: (field: FormFieldKey, label: string) => Promise<void>
  fillOptions?: FillOptions
  document?: Document
  /** Tests only: "Show me" takes synthetic events too (see `TeachOptions.acceptUntrusted`). */
  acceptUntrusted?: boolean
}

/**
 * After a fill: shows the report panel, with "Show me" on the fields the agent may show, and
 * sends the fill report at once (a report held back for the agent would be lost with the tab).
 * Each field the agent then shows is reported on its own as `taught`, with the label found beside
 * it: one more fill of that field, the agent's.
 */
export function afterFill(report: FillReport, options: AfterFillOptions): ReportPanel {
  const doc = options.document ?? document
  const language = pageLanguage(doc)
  const teachable = report.results.flatMap((result) =>
    // Photos go through a hidden file input: nothing the agent could click. Sale or rent
    // re-renders the form: never shown.
    result.teachable === true && result.field !== 'photos' && result.field !== 'listing_type'
      ? [result.field]
      : [],
  )
  const send = (results: FillReport['results'], durationMs: number) => {
    const body = buildFillReport({ ...report, results }, { language, durationMs })
    if (body !== null) options.send(body)
  }
  send(report.results, options.durationMs)

  let teacher: Teacher | null = null
  let shownAt = 0
  const panel = showFillReport(report, doc, {
    teachable,
    showMe: (field) => {
      shownAt = Date.now()
      teacher?.start(field)
    },
    onClose: () => {
      teacher?.cancel()
    },
  })
  teacher = createTeacher({
    request: options.request,
    panel,
    save: options.save,
    fillOptions: options.fillOptions,
    document: doc,
    acceptUntrusted: options.acceptUntrusted === true,
    onTaught: (field, label) => {
      send([{ field, end: 'taught', label }], Date.now() - shownAt)
    },
  })
  return panel
}
