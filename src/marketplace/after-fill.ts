import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import type { FieldKey, FillOptions, FillReport, FillRequest } from './fill-marketplace.ts'
import { buildFillReport, pageLanguage } from './fill-report.ts'
import { showFillReport, type ReportPanel } from './report-panel.ts'
import { createTeacher, type Teacher } from './teach.ts'

/** How long the report waits for the agent to show fields before it goes anyway. */
export const REPORT_WAIT_MS = 10 * 60 * 1000

export interface AfterFillOptions {
  /** The fill's request (the draft "Show me" fills with). */
  request: FillRequest
  /** From the fill's start to its end. */
  durationMs: number
  /** Posts the report (`fill:report`); called once. */
  send: (report: FillReportBody) => void
  /** Keeps a taught label (`teach:save`). */
  save: (field: FieldKey, label: string) => Promise<void>
  fillOptions?: FillOptions
  document?: Document
  reportWaitMs?: number
}

/**
 * After a fill: shows the report panel, with "Show me" on the fields the agent may show, and
 * sends the fill report once. With nothing to show, at once; else when the panel closes, once
 * every such field is taught, when the page goes away, or after `REPORT_WAIT_MS`, so fields
 * the agent showed count as `taught`. Its duration is the fill's, not the agent's time after it.
 */
export function afterFill(report: FillReport, options: AfterFillOptions): ReportPanel {
  const doc = options.document ?? document
  const view = doc.defaultView ?? window
  const language = pageLanguage(doc)
  const teachable = new Set<FieldKey>(
    report.results.flatMap((result) =>
      // Photos go through a hidden file input: nothing the agent could click.
      result.teachable === true && result.field !== 'photos' ? [result.field] : [],
    ),
  )
  const results = [...report.results]

  let sent = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = () => {
    if (sent) return
    sent = true
    clearTimeout(timer)
    view.removeEventListener('pagehide', send)
    const body = buildFillReport(
      { ...report, results },
      { language, durationMs: options.durationMs },
    )
    if (body !== null) options.send(body)
  }

  let teacher: Teacher | null = null
  const panel = showFillReport(report, doc, {
    teachable: [...teachable],
    showMe: (field) => teacher?.start(field),
    onClose: () => {
      teacher?.cancel()
      send()
    },
  })
  teacher = createTeacher({
    request: options.request,
    panel,
    save: options.save,
    fillOptions: options.fillOptions,
    document: doc,
    onTaught: (field, label) => {
      results.push({ field, end: 'taught', label })
      teachable.delete(field)
      if (teachable.size === 0) send()
    },
  })

  if (teachable.size === 0) send()
  else {
    view.addEventListener('pagehide', send)
    timer = setTimeout(send, options.reportWaitMs ?? REPORT_WAIT_MS)
  }
  return panel
}
