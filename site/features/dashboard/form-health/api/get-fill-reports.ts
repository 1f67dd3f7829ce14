import type { FillReportsSummary } from '../../../../../api/schemas/fill-reports.ts'
import { api } from '../../../../lib/api.ts'

/** GET /admin/marketplace/fill-reports?days=N: fill rates per field and day (operators only). */
export function getFillReports(days: number): Promise<FillReportsSummary> {
  return api.call('fillReportsSummary', { query: { days } })
}
