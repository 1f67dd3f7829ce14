import {
  FILL_REPORT_LIMITS,
  fillReportBody,
  type FillReportBody,
} from '../../api/schemas/fill-reports.ts'
import { api } from './api.ts'

/**
 * The report as the contract takes it, from what a content script sent: a `<html lang>` the
 * contract does not take becomes null, a duration past the limit the limit, a label past its
 * length cut. Null when it still breaks the contract.
 */
export function fillReportToPost(sent: FillReportBody): FillReportBody | null {
  const language = fillReportBody.shape.language.safeParse(sent.language)
  const fields = Array.isArray(sent.fields) ? sent.fields : []
  const parsed = fillReportBody.safeParse({
    ...sent,
    language: language.success ? language.data : null,
    duration_ms:
      typeof sent.duration_ms === 'number'
        ? Math.min(Math.max(0, Math.round(sent.duration_ms)), FILL_REPORT_LIMITS.maxDurationMs)
        : sent.duration_ms,
    fields: fields.map((field) => ({
      ...field,
      label:
        typeof field.label === 'string'
          ? field.label.trim().slice(0, FILL_REPORT_LIMITS.labelMaxLength) || null
          : field.label,
    })),
  })
  return parsed.success ? parsed.data : null
}

/**
 * Posts a fill report with the worker's session, once. Never throws: a report that could not be
 * sent (logged out, offline, refused) is logged here and dropped, as the agent has no use for it.
 */
export async function postFillReport(sent: FillReportBody): Promise<void> {
  const body = fillReportToPost(sent)
  if (body === null) {
    console.warn('ListingBridge dropped a fill report that does not fit the contract.')
    return
  }
  try {
    await api().call('saveFillReport', { body })
  } catch (error) {
    console.warn('ListingBridge could not save a fill report:', error)
  }
}
