import type { FillReportBody, FillReportField } from '../../api/schemas/fill-reports.ts'
import type { FormFieldKey } from '../../api/schemas/marketplace-form-profile.ts'
import type { FillReport } from './fill-marketplace.ts'
import { allFields } from './labels.ts'
import { fillOutcome } from './reasons.ts'

/**
 * The fill report the worker posts (`fill:report`): per field the filler dealt with, what came of
 * it and the label text that found its control. Built from the filler's results only, which hold
 * field keys, reason codes and page label texts: never a value of the draft or the agent.
 */
export function buildFillReport(
  report: FillReport,
  page: { language: string | null; durationMs: number },
): FillReportBody | null {
  const fields = new Map<FormFieldKey, FillReportField>()
  if (report.needsYou.some((item) => item.field === 'form')) {
    // No form at all: every field went unfound (the strongest sign the form changed).
    for (const field of allFields()) fields.set(field, { field, outcome: 'not_found', label: null })
  }
  for (const { field, end, label } of report.results) {
    const outcome = fillOutcome(end)
    // A later account of a field (a taught one) replaces the earlier.
    if (outcome === null) fields.delete(field)
    else fields.set(field, { field, outcome, label })
  }
  if (fields.size === 0) return null
  return {
    profile_version: report.profileVersion,
    language: page.language,
    duration_ms: Math.max(0, Math.round(page.durationMs)),
    fields: [...fields.values()],
  }
}

/** The page's `<html lang>` as written; the worker drops one the contract does not take. */
export function pageLanguage(doc: Document): string | null {
  const lang = doc.documentElement.lang.trim()
  return lang === '' ? null : lang
}
